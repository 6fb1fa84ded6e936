import type { TApp } from '../../src/http/types.ts';

type TMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

export type TResult<T = unknown> = {
  status: number;
  body: T & { message?: string; errors?: Record<string, string[]> };
  headers: Record<string, unknown>;
};

/** Small wrapper over app.inject: JSON in, parsed JSON out. */
export async function call<T = unknown>(
  app: TApp,
  method: TMethod,
  url: string,
  opts: { token?: string; body?: unknown; headers?: Record<string, string>; ip?: string } = {},
): Promise<TResult<T>> {
  const res = await app.inject({
    method,
    url,
    headers: {
      ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
      ...(opts.body !== undefined ? { 'content-type': 'application/json' } : {}),
      ...opts.headers,
    },
    ...(opts.body !== undefined ? { payload: JSON.stringify(opts.body) } : {}),
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
  let body: unknown = null;
  try {
    body = res.body ? JSON.parse(res.body) : null;
  } catch {
    body = res.body;
  }
  return { status: res.statusCode, body: body as TResult<T>['body'], headers: res.headers };
}

export async function loginToken(app: TApp, email: string, password: string): Promise<string> {
  const r = await call<{ data: { token: string } }>(app, 'POST', '/api/dashboard/auth/login', {
    body: { email, password },
  });
  if (r.status !== 200) throw new Error(`login failed for ${email}: ${r.status} ${JSON.stringify(r.body)}`);
  return r.body.data.token;
}
