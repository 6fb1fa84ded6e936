/*
 * A booking form kept in this tab's sessionStorage, so a reload or a detour through the sign-in
 * page comes back to it. Photos go in a second entry, written only when they change (they can be
 * large, and may not fit: then they are simply not kept). Storage that is full or disabled never
 * stops a booking: the form is then just not kept.
 */
export type TSessionDraft = {
  /** The kept form through `parse` (which may refuse it: another search, an old shape), or null. */
  read<R>(parse: (stored: unknown, photos: string[]) => R | null): R | null;
  write(stored: unknown): void;
  writePhotos(photos: string[]): void;
  clear(): void;
};

export function sessionDraft(key: string): TSessionDraft {
  const photosKey = `${key}.photos`;
  return {
    read(parse) {
      try {
        const raw = window.sessionStorage.getItem(key);
        if (!raw) return null;
        const photos = JSON.parse(window.sessionStorage.getItem(photosKey) ?? '[]') as unknown;
        const kept = Array.isArray(photos) ? photos.filter((p): p is string => typeof p === 'string') : [];
        return parse(JSON.parse(raw) as unknown, kept);
      } catch {
        return null;
      }
    },
    write(stored) {
      try {
        window.sessionStorage.setItem(key, JSON.stringify(stored));
      } catch {
        // Full or disabled: see above.
      }
    },
    writePhotos(photos) {
      try {
        window.sessionStorage.setItem(photosKey, JSON.stringify(photos));
      } catch {
        try {
          window.sessionStorage.removeItem(photosKey);
        } catch {
          // Nothing to do.
        }
      }
    },
    clear() {
      try {
        window.sessionStorage.removeItem(key);
        window.sessionStorage.removeItem(photosKey);
      } catch {
        // Nothing to clear.
      }
    },
  };
}
