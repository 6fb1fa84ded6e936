import { z } from 'zod';
import { isCleanText, zBool, zInt } from './parse.ts';

/*
 * Talk and live (issue 29, decision 031): a message thread on every order and delivery, the live
 * event stream, reminders and text messages. The API's routes declare these schemas; the web
 * imports the same types.
 */

export const MESSAGE_MAX_LENGTH = 2000;
export const MESSAGE_MAX_PHOTOS = 5;
/** A closed job's thread stays readable and takes no message this many days after it closed. */
export const THREAD_OPEN_DAYS_AFTER_CLOSE = 30;
/** Messages per page of a thread (page 1 is the newest; each page reads oldest first). */
export const THREAD_PAGE_SIZE = 30;
/** A message still unread this long is e-mailed to its recipient... */
export const DIGEST_AFTER_MINUTES = 10;
/** ...at most once per thread and recipient in this many minutes. */
export const DIGEST_EVERY_MINUTES = 60;
/** A New delivery's bidders are told once, this many hours before bidding closes. */
export const BIDDING_CLOSES_NOTICE_HOURS = 2;
/** The live stream's comment line, so proxies and the client know it is alive. */
export const LIVE_HEARTBEAT_SECONDS = 25;
/** The web's fallback poll (spec: notifications every 10 s) runs only while the stream is down. */
export const LIVE_POLL_FALLBACK_MS = 10_000;
/** The client calls the stream down when nothing (not even a heartbeat) arrived for this long. */
export const LIVE_SILENCE_MS = 60_000;

/** What replaces a phone number or an e-mail address typed before the job is accepted. */
export const MASKED_CONTACT = '[contact hidden until the job is accepted]';

export const TALK_MSG = {
  body: 'Write a message or add a photo.',
  bodyLength: 'A message is at most 2,000 characters.',
  bodyText: 'A message cannot contain control characters.',
  photos: 'Photos must be a list of images (data URLs).',
  photoCount: 'A message can carry at most 5 photos.',
  notOpen: 'The thread opens when the job is booked: an order from New, a delivery once it is accepted.',
  closed: 'This job closed more than 30 days ago: its thread is read-only.',
  smsPhone: 'Add a phone number to your account to get text messages.',
  /** The admin's read of a thread (payout review, disputed bill): nobody but the two sides posts. */
  readOnly: 'Only the customer and the provider write in this thread.',
  page: 'The page must be a whole number from 1.',
} as const;

const PHONE_LIKE = /\+?\(?\d(?:[\s().\-‐-―/]*\d){6,14}/g;
/** A local number without its area code: 555-0123, 555 0123, 555.0123. */
const LOCAL_NUMBER = /^\d{3}[\s.\-‐-―]\d{4}$/;

function isPhoneNumber(candidate: string): boolean {
  const digits = candidate.replace(/\D/g, '');
  if (digits.length === 10 || (digits.length === 11 && digits.startsWith('1'))) return true;
  if (digits.length > 11 && candidate.trim().startsWith('+')) return true;
  return LOCAL_NUMBER.test(candidate.trim());
}
const EMAIL_LIKE =
  /[A-Za-z0-9._%+-]+\s*(?:@|\(at\)|\[at\]|\sat\s)\s*[A-Za-z0-9-]+(?:(?:\.|\s*\(dot\)\s*|\s*\[dot\]\s*|\s+dot\s+)[A-Za-z0-9-]+)+/gi;

/**
 * Contact details typed into a message before the job is accepted are masked (the rule the spec
 * applies to the customer's phone), so contact stays on the platform until the job is taken.
 * Phone numbers are ten digits (eleven with the leading 1, more after a +) with the usual
 * separators, or a seven-digit local number (555-0123); e-mail addresses include the "name at
 * host dot com" spellings. House numbers, prices, dates and times stay.
 */
export function maskContacts(text: string): string {
  return text
    .replace(EMAIL_LIKE, MASKED_CONTACT)
    .replace(PHONE_LIKE, (m) => (isPhoneNumber(m) ? MASKED_CONTACT : m));
}

export const ZMessageInput = z
  .object({
    body: z
      .string({ error: TALK_MSG.body })
      .trim()
      .max(MESSAGE_MAX_LENGTH, TALK_MSG.bodyLength)
      .refine(isCleanText, TALK_MSG.bodyText)
      .optional()
      .default(''),
    photos: z
      .array(z.string({ error: TALK_MSG.photos }).max(12_000_000, TALK_MSG.photos), {
        error: TALK_MSG.photos,
      })
      .max(MESSAGE_MAX_PHOTOS, TALK_MSG.photoCount)
      .optional()
      .default([]),
  })
  .strict()
  .refine((v) => v.body.length > 0 || v.photos.length > 0, { message: TALK_MSG.body, path: ['body'] });
export type TMessageInput = z.output<typeof ZMessageInput>;

export const THREAD_SIDES = ['customer', 'provider'] as const;
export type TThreadSide = (typeof THREAD_SIDES)[number];

export const ZThreadMessage = z.object({
  id: z.number().int(),
  body: z.string(),
  /** Signed links to the photos (private files). */
  photos: z.array(z.string()),
  sender: z.object({
    /** The customer's first name and last initial, or the company's (branch's) or helper's name. */
    name: z.string(),
    side: z.enum(THREAD_SIDES),
  }),
  /** True for the caller's own side. */
  mine: z.boolean(),
  created_at: z.string(),
  /** When the other side first read it; null while unread. */
  read_at: z.string().nullable(),
});
export type TThreadMessage = z.output<typeof ZThreadMessage>;

/** GET …/messages?page: page 1 holds the newest THREAD_PAGE_SIZE messages, page 2 the ones before. */
export const ZThreadQuery = z.object({ page: zInt(1, 100_000, TALK_MSG.page).default(1) });
export type TThreadQuery = z.output<typeof ZThreadQuery>;

/** The thread's state beside its page of messages (in `meta`). */
export const ZThreadState = z.object({
  can_post: z.boolean(),
  /** Why the caller cannot post (TALK_MSG.notOpen or .closed); null when they can. */
  reason: z.string().nullable(),
  /** Contact details typed now would be masked (the job is not accepted yet). */
  masked: z.boolean(),
  /** The other side's unread messages to the caller, before this read marked them read. */
  unread_count: z.number().int(),
});
export type TThreadState = z.output<typeof ZThreadState>;

/** GET /api/dashboard/messages/unread: the header's count and each card's. */
export const ZUnreadThreads = z.object({
  total: z.number().int(),
  threads: z.array(
    z.object({
      order_id: z.number().int().nullable(),
      delivery_id: z.number().int().nullable(),
      unread: z.number().int(),
    }),
  ),
});
export type TUnreadThreads = z.output<typeof ZUnreadThreads>;

/*
 * The live stream (GET /api/dashboard/events, text/event-stream). Each event's `id` is its row in
 * live_events (send it back as Last-Event-ID to resume); `data` is JSON. `ready` opens the stream,
 * `end` closes it (signed out, or the session revoked); heartbeats are comment lines.
 */
export const LIVE_EVENT_KINDS = ['notification', 'order', 'delivery', 'message', 'end'] as const;
export type TLiveEventKind = (typeof LIVE_EVENT_KINDS)[number];

export const ZLiveNotification = z.object({
  id: z.number().int(),
  title: z.string(),
  link: z.string().nullable(),
  unread: z.boolean(),
});
export const ZLiveOrder = z.object({
  id: z.number().int(),
  status: z.number().int(),
  what: z.enum(['order', 'job']),
});
export const ZLiveDelivery = z.object({ id: z.number().int(), status: z.number().int() });
export const ZLiveMessage = z.object({
  id: z.number().int(),
  order_id: z.number().int().nullable(),
  delivery_id: z.number().int().nullable(),
  side: z.enum(THREAD_SIDES),
  /** A read mark (the other side read this message) rather than a new message. */
  read: z.boolean(),
});
export type TLiveNotification = z.output<typeof ZLiveNotification>;
export type TLiveOrder = z.output<typeof ZLiveOrder>;
export type TLiveDelivery = z.output<typeof ZLiveDelivery>;
export type TLiveMessage = z.output<typeof ZLiveMessage>;

/** Text-message consent: at booking, in a customer's account settings, in a helper's notifications. */
export const SMS_OPT_IN_MSG = 'SMS reminders must be true or false.';
export const zSmsOptIn = () => zBool(SMS_OPT_IN_MSG);
