let zone: string | null = null;

/**
 * The browser's IANA zone, sent as X-Timezone so "current week" means the user's week. Read
 * once per page load: building a DateTimeFormat on every call showed up in page profiles.
 */
export function browserTimeZone(): string {
  if (zone) return zone;
  try {
    zone = Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
  } catch {
    zone = 'UTC';
  }
  return zone;
}
