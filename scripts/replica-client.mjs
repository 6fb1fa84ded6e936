// HTTP clients of the replica check and the replica benchmark (scripts/replica-check.mjs,
// scripts/bench-replicas.mjs): one request that reports which replica answered (X-Served-By),
// a live stream held open, the demo customer's bookings, and booking load from several clients.
import { randomUUID } from 'node:crypto';

/** One request; answers status, which replica served it, and the JSON body (or bytes). */
export async function call(base, method, p, { token, body, headers = {}, raw = false } = {}) {
  const res = await fetch(`${base}${p}`, {
    method,
    headers: {
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: body ? JSON.stringify(body) : undefined,
    signal: AbortSignal.timeout(15_000),
  });
  const bytes = Buffer.from(await res.arrayBuffer());
  let json = null;
  if (!raw) {
    try {
      json = bytes.length ? JSON.parse(bytes.toString('utf8')) : null;
    } catch {
      json = bytes.toString('utf8').slice(0, 200);
    }
  }
  return { status: res.status, servedBy: res.headers.get('x-served-by'), json, bytes };
}

/** A live stream (GET /api/dashboard/events) held open; collects its events. */
export async function openStream(base, token) {
  const ac = new AbortController();
  const res = await fetch(`${base}/api/dashboard/events`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: ac.signal,
  });
  const stream = {
    servedBy: res.headers.get('x-served-by'),
    status: res.status,
    events: [],
    close: () => ac.abort(),
  };
  (async () => {
    const decoder = new TextDecoder();
    let buf = '';
    try {
      for await (const chunk of res.body) {
        buf += decoder.decode(chunk, { stream: true });
        for (let i = buf.indexOf('\n\n'); i >= 0; i = buf.indexOf('\n\n')) {
          const frame = buf.slice(0, i);
          buf = buf.slice(i + 2);
          const event = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          if (event) stream.events.push({ event, data: data ? JSON.parse(data) : null });
        }
      }
    } catch {}
  })();
  return stream;
}

export const dayIn = (days) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};
export const address = (zip, street = '100 Main St') => ({
  address: street,
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 0,
});
/** The demo customer's cash booking of a 2-helper, 3-hour local move with `branchId`. */
export const movingBooking = (branchId, patch = {}) => ({
  branch_id: branchId,
  type_service: 1,
  type_moving: 1,
  type_help: 3,
  bedrooms_count: 1,
  helpers_count: 2,
  hours_count: 3,
  arrival_date: dayIn(8),
  arrival_time: '8-9',
  payment_method: 'cash',
  name: 'Dana Customer',
  email: 'customer@demo.test',
  phone: '+1 (213) - 555 - 0100',
  pickups: [address('90001', '1200 E Florence Ave')],
  destinations: [address('90011')],
  ...patch,
});
export const delivery = (notes) => ({
  items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
  vehicle_type: 3,
  pickup: address('90011'),
  destination: address('90007', '2000 S Figueroa St'),
  arrival_date: dayIn(6),
  arrival_time: '9-10',
  payment_method: 'cash',
  phone: '+1 (213) - 555 - 0177',
  notes,
});

/**
 * Clients posting cash delivery bookings through `base` one after another until `during()`
 * (given the start time) settles; answers every attempt (note, time, status, replica).
 */
export async function bookingLoad(base, token, clients, during) {
  const answers = [];
  let running = true;
  let seq = 0;
  const worker = async () => {
    while (running) {
      const note = `replica-load-${seq++}-${randomUUID().slice(0, 8)}`;
      const at = Date.now();
      try {
        const r = await call(base, 'POST', '/api/dashboard/customer/deliveries', {
          token,
          body: delivery(note),
        });
        const body = r.status >= 300 ? JSON.stringify(r.json).slice(0, 160) : '';
        answers.push({ note, at, status: r.status, servedBy: r.servedBy, body });
      } catch (err) {
        answers.push({ note, at, status: 'network', error: err.message });
      }
    }
  };
  const start = Date.now();
  const workers = Array.from({ length: clients }, worker);
  try {
    await during(start);
  } finally {
    running = false;
    await Promise.all(workers);
  }
  return { answers, start, ms: Date.now() - start };
}

/** How many answers of each status. */
export function tally(answers) {
  const out = {};
  for (const a of answers) out[a.status] = (out[a.status] ?? 0) + 1;
  return out;
}
