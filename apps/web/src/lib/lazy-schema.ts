import { schemaResolver, type UseFormReturnType } from '@mantine/form';
import { useEffect, useState } from 'react';
import { ApiError, NO_ANSWER, OFFLINE_MESSAGE } from './api-client.ts';
import { splitApiError } from './form-errors.ts';

type TSchema = Parameters<typeof schemaResolver>[0];

/**
 * Code downloaded on its first use, once: `get()` gives it. A failed download is tried again on
 * the next call, and fails as the API client's offline error, so a form shows it like any other.
 */
export function lazyModule<M>(load: () => Promise<M>): { get: () => Promise<M> } {
  let pending: Promise<M> | undefined;
  return {
    get: () => {
      pending ??= load().catch(() => {
        pending = undefined; // a failed download is retried on the next call
        throw new ApiError(NO_ANSWER, OFFLINE_MESSAGE);
      });
      return pending;
    },
  };
}

/**
 * A shared zod schema for a form on an entry page (sign-in, sign-up, the helper search),
 * downloaded after the first paint instead of before it: zod is a fifth of those pages'
 * JavaScript. The page starts the download at the visitor's first touch (`usePreload`); validation is async,
 * so a submit made before the schema has arrived waits for it rather than skipping it.
 */
export function lazySchema<S extends TSchema>(load: () => Promise<S>) {
  const { get } = lazyModule(load);
  return {
    /** The schema, downloading it on the first call. */
    get,
    /**
     * For `useForm({ validate })`: the schema's first message per field, by form path. If the
     * schema cannot be downloaded the values pass here, and the submit handler's own `get()`
     * reports the connection problem.
     */
    validate: async (values: unknown) => {
      const schema = await get().catch(() => null);
      return schema ? schemaResolver(schema, { sync: true })(values) : {};
    },
  };
}

const INTERACTIONS = ['pointerdown', 'keydown', 'focusin', 'touchstart'] as const;

/**
 * Starts the schema's download when the visitor first touches the page (a pointer, a key, a
 * focus): a form needs it only once someone fills it in, and a download right after the first
 * paint competed with the page's own data and main thread on a slow phone.
 */
export function usePreload(schema: { get: () => Promise<unknown> }) {
  useEffect(() => {
    const start = () => {
      stop();
      schema.get().catch(() => undefined); // a submit retries and reports the failure
    };
    const stop = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    };
    for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
    return stop;
  }, [schema]);
}

/**
 * The submit of a form whose schema loads lazily: the values are parsed with it (trimmed, as
 * the server reads them) and sent; a failure's messages go under the `fields` named and the
 * rest above the form (`formError`), as does a schema that could not be downloaded.
 */
export function useLazySubmit<V, P>(
  form: UseFormReturnType<V>,
  schema: { get: () => Promise<{ parse: (values: unknown) => P }> },
  fields: readonly string[],
  send: (parsed: P, values: V, fail: (error: unknown) => void) => void,
) {
  const [formError, setFormError] = useState<string | null>(null);
  const fail = (error: unknown) => {
    const { fieldErrors, formError: message } = splitApiError(error, fields);
    form.setErrors(fieldErrors);
    setFormError(message);
  };
  const submit = form.onSubmit(async (values) => {
    setFormError(null);
    try {
      send((await schema.get()).parse(values), values, fail);
    } catch (error) {
      fail(error);
    }
  });
  return { submit, formError };
}

/**
 * A lazy module (`lazyModule`) for a component: null until it has arrived. Its download starts at
 * the visitor's first touch of the page, like `usePreload`, or at once when `now` (say, a form
 * restored with values to check). A failed download leaves null: the next `get()` tries again.
 */
export function useLoadedOnTouch<M>(module: { get: () => Promise<M> }, now: boolean): M | null {
  const [loaded, setLoaded] = useState<{ value: M } | null>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per mount; `now` is read at mount.
  useEffect(() => {
    let live = true;
    const start = () => {
      stop();
      module.get().then(
        (value) => {
          if (live) setLoaded({ value });
        },
        () => undefined, // a submit retries and reports the failure
      );
    };
    const stop = () => {
      for (const type of INTERACTIONS) window.removeEventListener(type, start, true);
    };
    if (now) start();
    else
      for (const type of INTERACTIONS) window.addEventListener(type, start, { capture: true, passive: true });
    return () => {
      live = false;
      stop();
    };
  }, [module]);
  return loaded ? loaded.value : null;
}
