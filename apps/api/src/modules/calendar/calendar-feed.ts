import type { TCalendarEvent } from '@haulpro/shared/calendar';
import { showUpLabel } from '@haulpro/shared/order-wire';
import ical, { ICalCalendarMethod } from 'ical-generator';

/** The iCalendar text of a branch's jobs: one event per order, times as UTC instants. */
export function icsOf(branch: { id: number; name: string }, events: TCalendarEvent[], now: Date): string {
  const calendar = ical({
    name: `Haulpro · ${branch.name}`,
    prodId: { company: 'Haulpro', product: 'Company calendar', language: 'EN' },
    method: ICalCalendarMethod.PUBLISH,
    ttl: 15 * 60,
  });
  for (const e of events) {
    calendar.createEvent({
      id: `order-${e.id}@haulpro`,
      start: new Date(e.start),
      end: new Date(e.end),
      stamp: now,
      summary: `#${e.id} ${e.name} · ${e.helpers_count} helpers`,
      description: [
        `${showUpLabel(e.arrival_time)} (${e.time_zone})`,
        `${e.service}, ${e.helpers_count} helpers, ${e.hours_count} h`,
        e.customer_phone ? `Customer phone: ${e.customer_phone}` : null,
        `Status: ${e.status}`,
      ]
        .filter(Boolean)
        .join('\n'),
    });
  }
  return calendar.toString();
}
