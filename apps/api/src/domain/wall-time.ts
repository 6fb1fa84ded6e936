/** The instant at which the wall clock in `timeZone` shows `date` (YYYY-MM-DD) at `hour`:00. */
export function wallTimeToInstant(date: string, hour: number, timeZone: string): Date {
  const guess = Date.parse(`${date}T${String(hour).padStart(2, '0')}:00:00Z`);
  // Offset of the zone at that moment, then once more at the corrected moment (DST edges).
  const offsetAt = (t: number) => {
    const parts = formatter(timeZone).formatToParts(new Date(t));
    const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
    const asUtc = Date.UTC(
      get('year'),
      get('month') - 1,
      get('day'),
      get('hour'),
      get('minute'),
      get('second'),
    );
    return asUtc - t;
  };
  const first = guess - offsetAt(guess);
  return new Date(guess - offsetAt(first));
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function formatter(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    if (formatters.size < 1000) formatters.set(timeZone, f);
  }
  return f;
}
