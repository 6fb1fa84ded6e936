/*
 * The last answers of move day kept on the phone (localStorage), so a reload with no network
 * still shows today's jobs and the job (issue 28, item 8). Small JSON values; a full or
 * refused storage just means no offline copy.
 */
const PREFIX = 'haulpro.move-day.';

export type TCached<T> = { value: T; saved_at: number };

export function readCached<T>(key: string): TCached<T> | null {
  try {
    const raw = window.localStorage.getItem(`${PREFIX}${key}`);
    return raw ? (JSON.parse(raw) as TCached<T>) : null;
  } catch {
    return null;
  }
}

export function writeCached<T>(key: string, value: T): void {
  try {
    window.localStorage.setItem(`${PREFIX}${key}`, JSON.stringify({ value, saved_at: Date.now() }));
  } catch {
    // Storage full or refused: the page still works online.
  }
}
