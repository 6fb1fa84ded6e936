import { NEW_BRANCH_DEFAULTS, type TBranch, ZBranchInput } from '@haulpro/shared/branch';
import { BREAKPOINTS } from '@haulpro/shared/constants';
import { INVALID_ZIP, type TZipInfo, ZIP_PATTERN } from '@haulpro/shared/geo';
import { Grid, Loader, Modal, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useDebouncedValue, useMediaQuery } from '@mantine/hooks';
import { IconCircleCheck } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { FormFooter } from '../../../components/form-footer.tsx';
import { PhoneInput } from '../../../components/phone-input.tsx';
import { ZipInput } from '../../../components/zip-input.tsx';
import { fetchZipLocation } from '../../../lib/api/get-zip-location.ts';
import { validateZip } from '../../../lib/api/validate-zip.ts';
import { splitApiError } from '../../../lib/form-errors.ts';
import { BRANCH_FIELDS } from '../api/branch-fields.ts';
import { useCreateBranch } from '../api/create-branch.ts';
import { useCities } from '../api/list-cities.ts';
import { useStates } from '../api/list-states.ts';
import { useUpdateBranch } from '../api/update-branch.ts';
import { BranchAreaPicker } from './branch-area-picker.tsx';
import { formErrors, initialValues, type TBranchFormValues } from './branch-form-values.ts';
import { CountyMultiSelect } from './county-multi-select.tsx';

type TZipCheck = 'idle' | 'checking' | 'valid' | 'invalid';

const PHONE_QUERY = `(max-width: ${(BREAKPOINTS.sm - 0.2) / 16}em)`;

type TBranchFormModalProps = {
  opened: boolean;
  /** The branch to edit, or null to add one. */
  branch: TBranch | null;
  onClose: () => void;
};

/** Add or edit a location (spec: branch modal, 1000 x 565; full screen on phones). */
export function BranchFormModal({ opened, branch, onClose }: TBranchFormModalProps) {
  const phone = useMediaQuery(PHONE_QUERY) ?? false;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      size={1000}
      fullScreen={phone}
      padding={phone ? 'md' : 'xl'}
      title={
        <Text fw={700} fz="xl">
          {branch ? 'Edit Location' : 'Add Location'}
        </Text>
      }
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <BranchForm branch={branch} onDone={onClose} phone={phone} />
    </Modal>
  );
}

type TBranchFormProps = { branch: TBranch | null; onDone: () => void; phone: boolean };

function BranchForm({ branch, onDone, phone }: TBranchFormProps) {
  const queryClient = useQueryClient();
  const create = useCreateBranch();
  const update = useUpdateBranch();
  const form = useForm<TBranchFormValues>({ initialValues: initialValues(branch) });
  const values = form.values;
  const states = useStates();
  const cities = useCities(values.state_id);

  const [countyNames, setCountyNames] = useState<Record<number, string>>(() =>
    Object.fromEntries((branch?.counties ?? []).map((c) => [c.id, c.name])),
  );
  // The county the last ZIP suggested: replaced by the next suggestion until the user picks their own.
  const suggestedCounty = useRef<number | null>(null);

  const [zipCheck, setZipCheckState] = useState<TZipCheck>(branch ? 'valid' : 'idle');
  const zipCheckRef = useRef<TZipCheck>(zipCheck);
  const setZipCheck = (next: TZipCheck) => {
    zipCheckRef.current = next;
    setZipCheckState(next);
  };
  const zipAsked = useRef<string | null>(branch?.zip_code ?? null);
  const zipPending = useRef<Promise<void> | null>(null);

  const [refit, setRefit] = useState(0);
  const [radiusForFit] = useDebouncedValue(values.service_area, 250);

  function applyZip(info: TZipInfo, move: boolean) {
    if (move) {
      form.setFieldValue('latitude', info.latitude);
      form.setFieldValue('longitude', info.longitude);
      setRefit((n) => n + 1);
    }
    form.setFieldValue('state_id', info.state_id);
    form.setFieldValue('city_id', info.city_id);
    const chosen = form.getValues().county_ids;
    const onlySuggested = chosen.length === 1 && chosen[0] === suggestedCounty.current;
    if (info.county_id && info.county_name && (chosen.length === 0 || onlySuggested)) {
      const { county_id: id, county_name: name } = info;
      setCountyNames((names) => ({ ...names, [id]: name }));
      form.setFieldValue('county_ids', [id]);
      suggestedCounty.current = id;
    }
  }

  /** At exactly five digits: ask the server whether the ZIP exists and where it is (spec). */
  function lookUpZip(zip: string, move: boolean) {
    zipAsked.current = zip;
    setZipCheck('checking');
    const run = (async () => {
      const [valid, info] = await Promise.all([
        validateZip(zip),
        fetchZipLocation(queryClient, zip).catch(() => null),
      ]);
      if (zipAsked.current !== zip) return;
      if (valid === false || (valid === null && info === null)) {
        // An unknown answer (no connection) is left to the server's check on submit.
        setZipCheck(valid === false ? 'invalid' : 'idle');
        if (valid === false) form.setFieldError('zip_code', INVALID_ZIP);
        return;
      }
      setZipCheck('valid');
      if (info) applyZip(info, move);
    })();
    zipPending.current = run;
    void run.finally(() => {
      if (zipPending.current === run) zipPending.current = null;
    });
  }

  // A new branch starts at the default ZIP: fill its state, city and county (the marker
  // stays on the spec's default coordinates).
  // biome-ignore lint/correctness/useExhaustiveDependencies: once, when the form opens.
  useEffect(() => {
    if (!branch) lookUpZip(NEW_BRANCH_DEFAULTS.zip_code, false);
  }, []);

  function changeZip(zip: string) {
    form.setFieldValue('zip_code', zip);
    if (ZIP_PATTERN.test(zip)) {
      if (zip !== zipAsked.current) lookUpZip(zip, true);
    } else {
      zipAsked.current = null;
      setZipCheck('idle');
    }
  }

  // One submit at a time, including while a ZIP check is awaited (double clicks, Enter).
  const submitting = useRef(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    try {
      // A ZIP still being checked is waited for: an invalid one must block the submit.
      if (zipPending.current) await zipPending.current;
      const current = form.getValues();
      const errors = formErrors(current, zipCheckRef.current === 'invalid');
      form.setErrors(errors);
      if (Object.keys(errors).length > 0) return;
      const input = ZBranchInput.parse(current);
      if (branch) await update.mutateAsync({ ...input, id: branch.id });
      else await create.mutateAsync(input);
      onDone();
    } catch (error) {
      // Field errors go under the fields; anything else has been toasted by the API client.
      form.setErrors(splitApiError(error, BRANCH_FIELDS).fieldErrors);
    } finally {
      submitting.current = false;
    }
  }

  const pending = create.isPending || update.isPending;

  return (
    <form onSubmit={submit} noValidate aria-label={branch ? 'Edit location' : 'Add location'}>
      <Grid gap={{ base: 'md', md: 'xl' }}>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <Stack gap="sm">
            <TextInput
              label="Branch name"
              placeholder="e.g. Downtown Los Angeles"
              size="sm"
              withAsterisk
              data-autofocus
              {...form.getInputProps('name')}
            />
            <TextInput
              label="Address"
              placeholder="Street and number"
              size="sm"
              withAsterisk
              autoComplete="street-address"
              {...form.getInputProps('address')}
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" verticalSpacing="sm">
              <Select<number>
                label="State"
                placeholder={states.isPending ? 'Loading…' : 'Choose a state'}
                data={(states.data ?? []).map((s) => ({ value: s.value, label: s.display }))}
                value={values.state_id}
                onChange={(id) => {
                  if (id !== values.state_id) form.setFieldValue('city_id', null);
                  form.setFieldValue('state_id', id);
                }}
                error={form.errors.state_id}
                searchable
                withAsterisk
                size="sm"
                nothingFoundMessage="No state found"
                comboboxProps={{ withinPortal: true }}
              />
              <ZipInput
                label="Zip code"
                withAsterisk
                size="sm"
                value={values.zip_code}
                onChange={changeZip}
                error={form.errors.zip_code}
                rightSection={
                  zipCheck === 'checking' ? (
                    // Not "…zip code": the field is found by its label, and this would match it too.
                    <Loader size={14} role="status" aria-label="Checking the ZIP" />
                  ) : zipCheck === 'valid' && !form.errors.zip_code ? (
                    <IconCircleCheck size={18} color="var(--mantine-color-teal-6)" aria-hidden />
                  ) : null
                }
                data-testid="zip-input"
              />
            </SimpleGrid>
            <Select<number>
              label="City"
              placeholder={
                values.state_id === null
                  ? 'Choose a state first'
                  : cities.isPending
                    ? 'Loading…'
                    : 'Choose a city'
              }
              data={(cities.data ?? []).map((c) => ({ value: c.value, label: c.display }))}
              value={values.city_id}
              onChange={(id) => form.setFieldValue('city_id', id)}
              error={form.errors.city_id}
              disabled={values.state_id === null}
              searchable
              limit={100}
              withAsterisk
              size="sm"
              nothingFoundMessage="No city found"
              comboboxProps={{ withinPortal: true }}
            />
            <CountyMultiSelect
              value={values.county_ids}
              onChange={(ids) => {
                suggestedCounty.current = null;
                form.setFieldValue('county_ids', ids);
              }}
              names={countyNames}
              onNames={(names) => setCountyNames((known) => ({ ...known, ...names }))}
              stateId={values.state_id}
              error={form.errors.county_ids}
            />
            <PhoneInput
              label="Phone"
              withAsterisk
              size="sm"
              value={values.primary_phone}
              onChange={(value) => form.setFieldValue('primary_phone', value)}
              error={form.errors.primary_phone}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 6 }}>
          <BranchAreaPicker form={form} refitKey={`${refit}:${radiusForFit}`} mapHeight={phone ? 260 : 318} />
        </Grid.Col>
      </Grid>
      <FormFooter
        mt="lg"
        onCancel={onDone}
        cancelDisabled={pending}
        submitLabel={branch ? 'Save changes' : 'Add Location'}
        submit={{ loading: pending }}
      />
    </form>
  );
}
