import { z } from 'zod';

/*
 * The live stream's input (GET /api/dashboard/events, decision 031): where to resume. The events
 * themselves are described in talk.ts (LIVE_EVENT_KINDS and their data).
 */

export const LIVE_MSG = {
  lastEventId: 'Last-Event-ID must be the id of an event this stream sent (digits only).',
} as const;

/** An event id as text: canonical digits (no sign, no leading zero, no spaces), a safe integer. */
const EVENT_ID = /^(0|[1-9][0-9]{0,14})$/;

export const zLastEventId = () =>
  z
    .string({ error: LIVE_MSG.lastEventId })
    .regex(EVENT_ID, LIVE_MSG.lastEventId)
    .transform((v) => Number(v));

/** `?last_event_id=` for clients that cannot set the header. */
export const ZLiveQuery = z.object({ last_event_id: zLastEventId().optional() });
/**
 * The `Last-Event-ID` header (a browser's EventSource sends it on reconnect; our fetch client too).
 * Loose: the other headers (authorization) stay as they came.
 */
export const ZLiveHeaders = z.looseObject({
  'last-event-id': zLastEventId().optional().describe('The last event id seen: the stream resumes after it'),
});
