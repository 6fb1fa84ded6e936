import { REQUEST_TIMEOUT_MS } from '@haulpro/shared/constants';
import { notifications } from '@mantine/notifications';
import { getToken, signOut } from './auth-store.ts';
import { browserTimeZone } from './time-zone.ts';

/** Base of the authenticated portal API (ARCHITECTURE: the API contract). */
export const API_BASE = '/api/dashboard';
/** Base of the unauthenticated API (booking site, public company pages, map). */
export const PUBLIC_BASE = '/api/public';
/** Base of the validation look-ups. */
export const VALIDATIONS_BASE = '/api/validations';

export type TFieldErrors = Record<string, string[]>;

export type TPageMeta = {
  current_page: number;
  last_page: number;
  per_page: number;
  total: number;
};

export type TPage<T, M extends object = Record<never, never>> = { data: T[]; meta: TPageMeta & M };

/** The status of a call that got no answer (no network, a timeout, a cancelled request). */
export const NO_ANSWER = 0;

/** A failed call: the server's message, its field errors (422) and the HTTP status (NO_ANSWER: none). */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: TFieldErrors;

  constructor(status: number, message: string, errors: TFieldErrors = {}) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }

  /** The call got no answer at all (`NO_ANSWER`): the server may never have seen it. */
  get noAnswer(): boolean {
    return this.status === NO_ANSWER;
  }

  /** The first message for a field, if the server sent one. */
  field(name: string): string | undefined {
    return this.errors[name]?.[0];
  }
}

export type TRequestOptions = {
  /** Extra request headers (e.g. Idempotency-Key). */
  headers?: Record<string, string>;
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Show the answer's message as a success toast (default true, as the spec says). */
  successToast?: boolean;
  /** Show a failure as an error toast (default true). */
  errorToast?: boolean;
  /**
   * Fields the calling form shows errors under. A 422 whose errors all belong to these
   * fields is not toasted: the messages already sit under the inputs.
   */
  formFields?: readonly string[];
  /** On a 401, say that the session has ended (default true; sign-out itself turns it off). */
  sessionEndedToast?: boolean;
  /** The base path; defaults to the dashboard API. */
  base?: string;
};

type TEnvelope = { data?: unknown; meta?: unknown; message?: unknown; errors?: unknown };

/** What a call that got no answer says (no connection, or a file that could not be loaded). */
export const OFFLINE_MESSAGE = 'We could not reach the server. Check your connection and try again.';

const OURS = {
  timeout: 'The server took too long to answer. Please try again.',
  offline: OFFLINE_MESSAGE,
  unexpected: 'Something went wrong. Please try again.',
  sessionEnded: 'Your session has ended. Please sign in again.',
};

function buildUrl(path: string, base: string, query?: TRequestOptions['query']): string {
  const url = `${base}/${path.replace(/^\//, '')}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${url}?${qs}` : url;
}

function asFieldErrors(value: unknown): TFieldErrors {
  if (!value || typeof value !== 'object') return {};
  const out: TFieldErrors = {};
  for (const [key, list] of Object.entries(value)) {
    if (Array.isArray(list)) out[key] = list.filter((m): m is string => typeof m === 'string');
  }
  return out;
}

function toastError(message: string): void {
  notifications.show({ color: 'red', title: 'Error', message });
}

function toastSuccess(message: string): void {
  notifications.show({ color: 'teal', message });
}

/**
 * One HTTP call with the spec's behaviour on answers: bearer token, X-Timezone, a 15 s
 * timeout; success toasts the message and resolves with the whole envelope; failure
 * toasts the message and rejects with an ApiError; a 401 ends the session (the route
 * guard then saves the address and sends the user to sign in).
 */
async function send(path: string, opts: TRequestOptions = {}): Promise<TEnvelope> {
  const { method = 'GET', body, successToast = true, errorToast = true } = opts;
  const controller = new AbortController();
  let timedOut = false;
  const timer = window.setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const onOuterAbort = () => controller.abort();
  opts.signal?.addEventListener('abort', onOuterAbort);

  const headers: Record<string, string> = {
    Accept: 'application/json',
    'X-Timezone': browserTimeZone(),
  };
  const token = getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  // A FormData body (multipart uploads) sets its own Content-Type with the boundary.
  const multipart = typeof FormData !== 'undefined' && body instanceof FormData;
  if (body !== undefined && !multipart) headers['Content-Type'] = 'application/json';
  if (opts.headers) Object.assign(headers, opts.headers);

  let response: Response;
  try {
    response = await fetch(buildUrl(path, opts.base ?? API_BASE, opts.query), {
      method,
      headers,
      body: body === undefined ? undefined : multipart ? (body as FormData) : JSON.stringify(body),
      signal: controller.signal,
    });
  } catch (err) {
    if (opts.signal?.aborted && !timedOut) throw err;
    const message = timedOut ? OURS.timeout : OURS.offline;
    if (errorToast) toastError(message);
    throw new ApiError(NO_ANSWER, message);
  } finally {
    window.clearTimeout(timer);
    opts.signal?.removeEventListener('abort', onOuterAbort);
  }

  let payload: TEnvelope = {};
  const text = await response.text().catch(() => '');
  if (text) {
    try {
      payload = JSON.parse(text) as TEnvelope;
    } catch {
      payload = {};
    }
  }
  const message = typeof payload.message === 'string' ? payload.message : undefined;

  if (response.ok) {
    if (message && successToast) toastSuccess(message);
    return payload;
  }

  const errors = asFieldErrors(payload.errors);
  const error = new ApiError(response.status, message ?? OURS.unexpected, errors);

  if (response.status === 401) {
    // Several calls in flight may meet the same ended session: only the first still holds it, so
    // the message shows once.
    const hadSession = token !== null && getToken() === token;
    signOut();
    if (hadSession && (opts.sessionEndedToast ?? true)) toastError(OURS.sessionEnded);
    throw error;
  }

  const fieldKeys = Object.keys(errors);
  const shownUnderFields =
    response.status === 422 &&
    fieldKeys.length > 0 &&
    opts.formFields !== undefined &&
    fieldKeys.every((key) => opts.formFields?.includes(key));
  if (errorToast && !shownUnderFields) toastError(error.message);
  throw error;
}

export const api = {
  /** Resolves with the envelope's data. */
  async request<T>(path: string, opts?: TRequestOptions): Promise<T> {
    return (await send(path, opts)).data as T;
  },
  /** Resolves with the envelope's message (calls that answer only with a message). */
  async message(path: string, opts?: TRequestOptions): Promise<string> {
    const payload = await send(path, opts);
    return typeof payload.message === 'string' ? payload.message : '';
  },
  /** Resolves with a paginated list: data and meta. */
  async page<T, M extends object = Record<never, never>>(
    path: string,
    opts?: TRequestOptions,
  ): Promise<TPage<T, M>> {
    const payload = await send(path, opts);
    return { data: (payload.data ?? []) as T[], meta: payload.meta as TPageMeta & M };
  },
  /** Resolves with the whole answer (a list that carries more than data and meta, e.g. a summary). */
  async whole<T>(path: string, opts?: TRequestOptions): Promise<T> {
    return (await send(path, opts)) as T;
  },
  get<T>(path: string, opts?: Omit<TRequestOptions, 'method'>): Promise<T> {
    return api.request<T>(path, { ...opts, method: 'GET' });
  },
  post<T>(path: string, body?: unknown, opts?: Omit<TRequestOptions, 'method' | 'body'>): Promise<T> {
    return api.request<T>(path, { ...opts, method: 'POST', body });
  },
  put<T>(path: string, body?: unknown, opts?: Omit<TRequestOptions, 'method' | 'body'>): Promise<T> {
    return api.request<T>(path, { ...opts, method: 'PUT', body });
  },
  patch<T>(path: string, body?: unknown, opts?: Omit<TRequestOptions, 'method' | 'body'>): Promise<T> {
    return api.request<T>(path, { ...opts, method: 'PATCH', body });
  },
  delete<T>(path: string, opts?: Omit<TRequestOptions, 'method'>): Promise<T> {
    return api.request<T>(path, { ...opts, method: 'DELETE' });
  },
};
