import type { TTwilioConfig } from '../config.ts';

/** What the outbox needs of a text-message provider: send one message, get its id back. */
export type TSmsProvider = { send(to: string, body: string): Promise<string> };

/**
 * A provider's refusal. `permanent` when sending the same message again cannot succeed (the
 * number is invalid or unsubscribed): the outbox marks it failed at once instead of retrying.
 */
export class SmsSendError extends Error {
  constructor(
    message: string,
    readonly permanent: boolean,
    readonly code: number | null = null,
  ) {
    super(message);
    this.name = 'SmsSendError';
  }
}

/**
 * Twilio error codes that no retry fixes: invalid 'To' (21211), unsubscribed recipient (21610),
 * not a mobile number (21614), unreachable or unsupported destination (21612, 21408, 21217),
 * blocked as spam or a landline (30003-30007 arrive later by webhook; listed for completeness).
 */
const PERMANENT_CODES = new Set([
  21211, 21217, 21401, 21407, 21408, 21610, 21612, 21614, 30003, 30005, 30006, 30007,
]);

type TTwilioAnswer = { sid?: unknown; status?: unknown; code?: unknown; message?: unknown };

/**
 * Twilio's Programmable Messaging REST API (Create a Message): POST form-encoded To, From, Body
 * to {base}/2010-04-01/Accounts/{sid}/Messages.json with HTTP Basic auth (SID:token). Plain
 * fetch rather than the `twilio` SDK: the SDK has no base-URL setting (only region/edge, which
 * rewrite *.twilio.com host names), so a loopback server in the tests would need a custom HTTP
 * client that rewrites its URLs; this one call is simpler to own (docs/decisions/031).
 */
export function createTwilioSender(cfg: TTwilioConfig, timeoutMs = 15_000): TSmsProvider {
  const url = `${cfg.baseUrl}/2010-04-01/Accounts/${encodeURIComponent(cfg.accountSid)}/Messages.json`;
  const auth = `Basic ${Buffer.from(`${cfg.accountSid}:${cfg.authToken}`).toString('base64')}`;
  return {
    async send(to, body) {
      let res: Response;
      try {
        res = await fetch(url, {
          method: 'POST',
          headers: {
            authorization: auth,
            'content-type': 'application/x-www-form-urlencoded',
            accept: 'application/json',
          },
          body: new URLSearchParams({ To: to, From: cfg.from, Body: body }).toString(),
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (err) {
        throw new SmsSendError(
          `Twilio unreachable: ${err instanceof Error ? err.message : String(err)}`,
          false,
        );
      }
      const text = await res.text();
      let answer: TTwilioAnswer = {};
      try {
        answer = JSON.parse(text) as TTwilioAnswer;
      } catch {
        // A proxy's HTML error page: keep the status only.
      }
      if (res.ok && typeof answer.sid === 'string' && answer.sid) return answer.sid;
      const code = typeof answer.code === 'number' ? answer.code : null;
      const message = typeof answer.message === 'string' ? answer.message : text.slice(0, 200);
      const detail = `Twilio ${res.status}${code ? ` (${code})` : ''}: ${message || 'no answer'}`;
      if (res.ok) throw new SmsSendError(`${detail} (no message sid)`, false);
      // A 400 is the message's own fault (bad number, empty body): no retry helps. Auth (401/403),
      // rate limits (429) and server errors may pass later.
      const permanent =
        (code !== null && PERMANENT_CODES.has(code)) || res.status === 400 || res.status === 404;
      throw new SmsSendError(detail, permanent, code);
    },
  };
}
