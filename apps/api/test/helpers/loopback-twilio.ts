import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/*
 * A loopback stand-in for api.twilio.com's Create a Message call: POST
 * /2010-04-01/Accounts/{AccountSid}/Messages.json, HTTP Basic auth (SID:token), form-encoded
 * To, From and Body. It answers as Twilio does: 201 with the message resource (sid "SM..."), or
 * Twilio's error object ({ code, message, more_info, status }). A TEST DOUBLE FOR THE PROTOCOL:
 * the tests point TWILIO_BASE_URL at it; nothing ever calls Twilio itself.
 */

export const LOOPBACK_TWILIO = {
  accountSid: `AC${'1'.repeat(32)}`,
  authToken: 'loopbacktwiliotoken0123456789ab',
  from: '+15005550006',
} as const;

/** Twilio's own magic test numbers for these refusals: unsubscribed (21610) and invalid (21211). */
export const TWILIO_UNSUBSCRIBED = '+15005550004';
export const TWILIO_INVALID = '+15005550001';

export type TTwilioMessage = { sid: string; to: string; from: string; body: string };

function twilioError(res: ServerResponse, status: number, code: number, message: string) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ code, message, more_info: `https://www.twilio.com/docs/errors/${code}`, status }));
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

export async function startLoopbackTwilio(
  opts: { accountSid?: string; authToken?: string; from?: string } = {},
) {
  const sid = opts.accountSid ?? LOOPBACK_TWILIO.accountSid;
  const token = opts.authToken ?? LOOPBACK_TWILIO.authToken;
  const from = opts.from ?? LOOPBACK_TWILIO.from;
  const messages: TTwilioMessage[] = [];
  /** Requests to answer with a server error before answering normally again. */
  let outages = 0;
  let requests = 0;

  const server = createServer(async (req, res) => {
    requests += 1;
    const body = await readBody(req);
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const m = /^\/2010-04-01\/Accounts\/([^/]+)\/Messages\.json$/.exec(path);
    if (!m || req.method !== 'POST')
      return twilioError(res, 404, 20404, 'The requested resource was not found');
    const [scheme, encoded] = (req.headers.authorization ?? '').split(' ');
    const [user, pass] = Buffer.from(encoded ?? '', 'base64')
      .toString('utf8')
      .split(':');
    if (scheme !== 'Basic' || user !== sid || pass !== token || decodeURIComponent(m[1] ?? '') !== sid)
      return twilioError(res, 401, 20003, 'Authentication Error - invalid username');
    if (outages > 0) {
      outages -= 1;
      return twilioError(res, 503, 20503, 'Service unavailable');
    }
    if (!(req.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded'))
      return twilioError(res, 400, 20001, 'Content-Type must be application/x-www-form-urlencoded');
    const form = new URLSearchParams(body);
    const to = form.get('To') ?? '';
    const text = form.get('Body') ?? '';
    if (!to) return twilioError(res, 400, 21604, "A 'To' phone number is required.");
    if (form.get('From') !== from)
      return twilioError(
        res,
        400,
        21606,
        "The 'From' phone number provided is not a valid message-capable Twilio phone number for this account.",
      );
    if (!text) return twilioError(res, 400, 21602, 'Message body is required.');
    if (text.length > 1600)
      return twilioError(res, 400, 21617, 'The concatenated message body exceeds the 1600 character limit.');
    if (to === TWILIO_INVALID || !/^\+[1-9]\d{7,14}$/.test(to))
      return twilioError(res, 400, 21211, `The 'To' number ${to} is not a valid phone number.`);
    if (to === TWILIO_UNSUBSCRIBED)
      return twilioError(res, 400, 21610, 'Attempt to send to unsubscribed recipient');
    const message = { sid: `SM${randomBytes(16).toString('hex')}`, to, from, body: text };
    messages.push(message);
    const now = new Date().toUTCString();
    res.writeHead(201, { 'content-type': 'application/json' });
    res.end(
      JSON.stringify({
        sid: message.sid,
        account_sid: sid,
        to,
        from,
        body: text,
        status: 'queued',
        num_segments: String(Math.ceil(text.length / 160)),
        direction: 'outbound-api',
        date_created: now,
        date_updated: now,
        date_sent: null,
        error_code: null,
        error_message: null,
        price: null,
        price_unit: 'USD',
        api_version: '2010-04-01',
        uri: `/2010-04-01/Accounts/${sid}/Messages/${message.sid}.json`,
      }),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    messages,
    get requests() {
      return requests;
    },
    /** The next `n` well-authenticated requests answer 503. */
    failNext(n: number) {
      outages = n;
    },
    /** The TWILIO_* settings that point the API at this server. */
    env(): Record<string, string> {
      return {
        TWILIO_ACCOUNT_SID: sid,
        TWILIO_AUTH_TOKEN: token,
        TWILIO_FROM: from,
        TWILIO_BASE_URL: `http://127.0.0.1:${port}`,
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
