import { type MantineSpacing, Stack } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconDeviceFloppy } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { splitApiError } from '../lib/form-errors.ts';
import { FormFooter } from './form-footer.tsx';
import { LoadError } from './load-error.tsx';

type TSettingsTabProps<T> = {
  query: UseQueryResult<T>;
  /** What the tab loads, for the error panel: "the equipment". */
  what: string;
  /** The loading status's accessible name: "Loading equipment". */
  loadingLabel: string;
  /** Placeholders shaped like the form, shown while it loads. */
  skeleton: ReactNode;
  skeletonGap?: MantineSpacing;
  /** The form, once the settings have arrived. */
  children: (data: T) => ReactNode;
};

/** A settings tab: placeholders while its settings load, the error panel with Retry, then its form. */
export function SettingsTab<T>({
  query,
  what,
  loadingLabel,
  skeleton,
  skeletonGap = 'sm',
  children,
}: TSettingsTabProps<T>) {
  if (query.isPending) {
    return (
      <Stack gap={skeletonGap} role="status" aria-label={loadingLabel}>
        {skeleton}
      </Stack>
    );
  }
  if (query.isError) {
    return (
      <LoadError
        what={what}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }
  return children(query.data);
}

/**
 * The submit handler of a settings form: saves, makes the saved values the form's new starting
 * point (so nothing is left to discard), and puts a 422's messages under the `fields` named.
 */
export function settingsSubmit<V>(
  form: UseFormReturnType<V>,
  fields: readonly string[],
  save: (values: V) => Promise<V>,
) {
  return form.onSubmit(async (values) => {
    try {
      const next = await save(values);
      form.setInitialValues(next);
      form.setValues(next);
      form.resetDirty(next);
    } catch (error) {
      form.setErrors(splitApiError(error, fields).fieldErrors);
    }
  });
}

/** Discard changes and Save, under a settings form. */
export function SettingsFooter<V>({ form, saving }: { form: UseFormReturnType<V>; saving: boolean }) {
  return (
    <FormFooter
      cancelLabel="Discard changes"
      onCancel={() => form.reset()}
      cancelDisabled={!form.isDirty() || saving}
      submitLabel="Save"
      submit={{ leftSection: <IconDeviceFloppy size={16} />, loading: saving }}
    />
  );
}
