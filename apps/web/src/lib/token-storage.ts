import { TOKEN_LIFETIME_SECONDS } from '@haulpro/shared/constants';

/**
 * Where the bearer token lives. "Remember me" keeps it for seven days in a cookie and in
 * localStorage (spec: Behaviour on answers); otherwise it lives in sessionStorage and dies
 * with the tab.
 */
const KEY = 'haulpro.token';
const COOKIE = 'haulpro_token';

type TStored = { token: string; expiresAt: number };

function safe<T>(fn: () => T, fallback: T): T {
  try {
    return fn();
  } catch {
    // Storage can throw in private modes or when disabled; the app then simply forgets.
    return fallback;
  }
}

function readCookie(): string | null {
  const prefix = `${COOKIE}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part ? decodeURIComponent(part.slice(prefix.length)) || null : null;
}

function writeCookie(value: string, maxAgeSeconds: number): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the spec keeps the token in a cookie; the Cookie Store API is not available everywhere.
  document.cookie = `${COOKIE}=${encodeURIComponent(value)}; Max-Age=${maxAgeSeconds}; Path=/; SameSite=Lax${secure}`;
}

function readRemembered(): string | null {
  const raw = safe(() => window.localStorage.getItem(KEY), null);
  if (raw) {
    const parsed = safe<TStored | null>(() => JSON.parse(raw) as TStored, null);
    if (parsed && typeof parsed.token === 'string' && parsed.expiresAt > Date.now()) return parsed.token;
    safe(() => window.localStorage.removeItem(KEY), undefined);
  }
  return readCookie();
}

export function readToken(): string | null {
  return safe(() => window.sessionStorage.getItem(KEY), null) ?? readRemembered();
}

export function writeToken(token: string, remember: boolean): void {
  clearToken();
  if (remember) {
    const stored: TStored = { token, expiresAt: Date.now() + TOKEN_LIFETIME_SECONDS * 1000 };
    safe(() => window.localStorage.setItem(KEY, JSON.stringify(stored)), undefined);
    writeCookie(token, TOKEN_LIFETIME_SECONDS);
  } else {
    safe(() => window.sessionStorage.setItem(KEY, token), undefined);
  }
}

export function clearToken(): void {
  safe(() => window.sessionStorage.removeItem(KEY), undefined);
  safe(() => window.localStorage.removeItem(KEY), undefined);
  writeCookie('', 0);
}
