/**
 * The address an anonymous visitor asked for before being sent to sign in (spec: navigation
 * rules). Kept per tab, so a reload of the login page still remembers it.
 */
const KEY = 'haulpro.after-login';

export function saveAddress(pathWithQuery: string): void {
  try {
    window.sessionStorage.setItem(KEY, pathWithQuery);
  } catch {
    // Without storage the user simply lands on their dashboard.
  }
}

export function readSavedAddress(): string | null {
  try {
    return window.sessionStorage.getItem(KEY);
  } catch {
    return null;
  }
}

export function clearSavedAddress(): void {
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing to clear.
  }
}
