import { createPublicKey, type JsonWebKey, type KeyObject, verify } from 'node:crypto';

/**
 * Google ID tokens (decision 021): an RS256 JWT signed with one of the keys Google publishes as
 * a JWKS. Checked here without a library: the signature against the key its `kid` names, the
 * audience (our client id), the issuer and the expiry. The key set is cached for as long as its
 * Cache-Control says (an hour when it says nothing) and fetched again, at most once a minute,
 * when a token names a key it does not hold (Google rotates its keys).
 */

export const GOOGLE_ISSUERS = ['accounts.google.com', 'https://accounts.google.com'];
const DEFAULT_MAX_AGE_MS = 3_600_000;
const REFETCH_AFTER_MS = 60_000;
const CLOCK_SKEW_SECONDS = 60;
const FETCH_TIMEOUT_MS = 5_000;

export type TGoogleIdentity = {
  sub: string;
  email: string;
  emailVerified: boolean;
  givenName: string | null;
  familyName: string | null;
  name: string | null;
};

export type TGoogleVerifyResult = { ok: true; identity: TGoogleIdentity } | { ok: false; reason: string };

type TJwk = JsonWebKey & { kid?: string; alg?: string; use?: string };

function decodePart<T>(part: string): T | null {
  try {
    return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as T;
  } catch {
    return null;
  }
}

function maxAgeMs(cacheControl: string | null): number {
  const m = cacheControl ? /max-age=(\d+)/.exec(cacheControl) : null;
  return m?.[1] ? Math.min(Number(m[1]) * 1000, 86_400_000) : DEFAULT_MAX_AGE_MS;
}

export function createGoogleVerifier(opts: {
  clientId: string;
  jwksUrl: string;
  now: () => Date;
  fetch?: typeof fetch;
}) {
  const doFetch = opts.fetch ?? fetch;
  let keys = new Map<string, KeyObject>();
  let expiresAt = 0;
  let fetchedAt = -Infinity;
  let inflight: Promise<void> | null = null;

  async function load(): Promise<void> {
    const res = await doFetch(opts.jwksUrl, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!res.ok) throw new Error(`JWKS answered ${res.status}`);
    const body = (await res.json()) as { keys?: TJwk[] };
    const next = new Map<string, KeyObject>();
    for (const jwk of body.keys ?? []) {
      if (jwk.kty !== 'RSA' || !jwk.kid || (jwk.alg && jwk.alg !== 'RS256') || (jwk.use && jwk.use !== 'sig'))
        continue;
      try {
        next.set(jwk.kid, createPublicKey({ key: jwk, format: 'jwk' }));
      } catch {
        // A malformed key is skipped; the others still serve.
      }
    }
    const now = opts.now().getTime();
    keys = next;
    fetchedAt = now;
    expiresAt = now + maxAgeMs(res.headers.get('cache-control'));
  }

  function refresh(): Promise<void> {
    inflight ??= load().finally(() => {
      inflight = null;
    });
    return inflight;
  }

  async function keyFor(kid: string): Promise<KeyObject | undefined> {
    const now = opts.now().getTime();
    if (now >= expiresAt || (!keys.has(kid) && now - fetchedAt >= REFETCH_AFTER_MS)) {
      try {
        await refresh();
      } catch {
        // Google unreachable: keep the keys we have (a stale set still verifies unrotated keys).
      }
    }
    return keys.get(kid);
  }

  return {
    async verify(token: string): Promise<TGoogleVerifyResult> {
      const parts = token.split('.');
      if (parts.length !== 3 || parts.some((p) => !/^[A-Za-z0-9_-]*$/.test(p)))
        return { ok: false, reason: 'malformed' };
      const [h = '', p = '', s = ''] = parts;
      const header = decodePart<{ alg?: unknown; kid?: unknown }>(h);
      const claims = decodePart<Record<string, unknown>>(p);
      if (!header || !claims || typeof claims !== 'object') return { ok: false, reason: 'malformed' };
      // Only RS256: a token may not choose "none" or an HMAC with the public key as its secret.
      if (header.alg !== 'RS256' || typeof header.kid !== 'string') return { ok: false, reason: 'alg' };
      const key = await keyFor(header.kid);
      if (!key) return { ok: false, reason: 'unknown key' };
      const signed = verify('RSA-SHA256', Buffer.from(`${h}.${p}`), key, Buffer.from(s, 'base64url'));
      if (!signed) return { ok: false, reason: 'signature' };
      const aud = claims.aud;
      const audOk = Array.isArray(aud) ? aud.includes(opts.clientId) : aud === opts.clientId;
      if (!audOk) return { ok: false, reason: 'audience' };
      if (typeof claims.iss !== 'string' || !GOOGLE_ISSUERS.includes(claims.iss))
        return { ok: false, reason: 'issuer' };
      const nowSeconds = opts.now().getTime() / 1000;
      if (typeof claims.exp !== 'number' || claims.exp + CLOCK_SKEW_SECONDS <= nowSeconds)
        return { ok: false, reason: 'expired' };
      if (typeof claims.iat === 'number' && claims.iat - CLOCK_SKEW_SECONDS > nowSeconds)
        return { ok: false, reason: 'issued in the future' };
      if (typeof claims.sub !== 'string' || typeof claims.email !== 'string')
        return { ok: false, reason: 'claims' };
      const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);
      return {
        ok: true,
        identity: {
          sub: claims.sub,
          email: claims.email.toLowerCase(),
          emailVerified: claims.email_verified === true || claims.email_verified === 'true',
          givenName: str(claims.given_name),
          familyName: str(claims.family_name),
          name: str(claims.name),
        },
      };
    },
  };
}

export type TGoogleVerifier = ReturnType<typeof createGoogleVerifier>;
