// CI (PostgreSQL pass), issue 31: the deployment of docs/deploy.md on one machine — three API
// processes from the production build, STORAGE=s3 on the S3 test double, nginx (Debian's
// package) with deploy/nginx.conf in front (scripts/replica-cluster.mjs) — driven through nginx
// only, checking that consecutive requests land on different replicas (X-Served-By, INSTANCE_ID):
//   a. item photos booked through one replica are the same bytes through the others;
//   b. 20 concurrent accepts of one delivery over the replicas: one 200, nineteen 409;
//   c. 40 wrong passwords for one e-mail over the replicas meet 429 at the same attempt as on one
//      process (measured here against one replica directly, from another forwarded address);
//   d. the accept's live event reaches streams held open on every replica, the ones it was not
//      produced on included;
//   e. booking load while one replica is killed (SIGKILL): every 201 is in the database, no 5xx
//      but 502/503, and nginx keeps answering from the others.
// Needs DATABASE_URL (a server where it may create a database) and nginx. Exits non-zero on any
// failure; stops every process and removes every temp folder on the way out (a watchdog too).
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { closeAll, killReplica, sleep, startCluster } from './replica-cluster.mjs';

const WATCHDOG_MS = 240_000;
const LOAD_CLIENTS = 6;
const LOAD_MS = 10_000;
const KILL_AT_MS = 3_000;
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABgAAAAQCAYAAAAMJL+VAAAARElEQVR4AeSSwQkAIAwDS9ZxBKEDOpbgWuoK9+nDWLhfoOSI2shTiaL4DB8szSBQs4aKaHWaM1TUdwbhY0W0Os29v6ILAAD//+8nwK4AAAAGSURBVAMAff9M0Ty3xYkAAAAASUVORK5CYII=',
  'base64',
);
const started = Date.now();
const problems = [];
const report = [];
const check = (ok, what) => {
  if (!ok) problems.push(what);
  return ok;
};

let cluster = null;
const abort = (why) => {
  console.error(`replica-check FAILED: ${why}`);
  closeAll().finally(() => process.exit(1));
};
const watchdog = setTimeout(() => abort(`still running after ${WATCHDOG_MS} ms`), WATCHDOG_MS);
watchdog.unref();
process.once('SIGINT', () => abort('interrupted (SIGINT)'));
process.once('SIGTERM', () => abort('stopped (SIGTERM)'));

/** One request; answers status, which replica served it, and the JSON body (or bytes). */
async function call(base, method, p, { token, body, headers = {}, raw = false } = {}) {
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
async function openStream(base, token) {
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

const dayIn = (days) => {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Los_Angeles' }).format(new Date());
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
};
const address = (zip, street = '100 Main St') => ({
  address: street,
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: zip,
  type_property: 'Home',
  flights_of_stairs: 0,
});
const delivery = (notes) => ({
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

let ok = false;
try {
  cluster = await startCluster({ replicas: 3, log: (m) => report.push(m) });
  const nginx = cluster.nginx.base;

  // Round robin: consecutive requests through nginx are served by different replicas.
  const rr = [];
  for (let i = 0; i < 6; i++) rr.push((await call(nginx, 'GET', '/api/health')).servedBy);
  check(
    new Set(rr).size === 3 && rr.every((x, i) => i === 0 || x !== rr[i - 1]),
    `round robin: ${rr.join(' ')}`,
  );
  report.push(`round robin through nginx: ${rr.join(' ')}`);

  const login = async (email) => {
    const r = await call(nginx, 'POST', '/api/dashboard/auth/login', {
      body: { email, password: 'demo-password' },
    });
    if (r.status !== 200) throw new Error(`sign-in of ${email}: ${r.status} ${JSON.stringify(r.json)}`);
    return r.json.data.token;
  };
  const customer = await login('customer@demo.test');
  const staff = await login('staff@demo.test');
  const helper = await login('labor@demo.test');

  // a. A moving order with two item photos, booked through one replica; each photo read back
  // through nginx three times (round robin: every replica) as the same bytes.
  const branchId = (await call(nginx, 'GET', '/api/dashboard/auth/check', { token: staff })).json.data
    .branches[0].id;
  const booked = await call(nginx, 'POST', '/api/dashboard/customer/orders', {
    token: customer,
    body: {
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
      unique_items: 'A piano',
      item_photos: [`data:image/png;base64,${PNG.toString('base64')}`],
    },
  });
  if (booked.status !== 201)
    throw new Error(`booking with a photo: ${booked.status} ${JSON.stringify(booked.json)}`);
  const order = booked.json.data.order;
  const staffView = await call(nginx, 'GET', `/api/dashboard/orders/${order.id}`, { token: staff });
  check(
    staffView.status === 200 && staffView.json.data.item_photos.length === 1,
    'staff see the order photo',
  );
  const photoReads = [];
  for (const url of [...order.item_photos, ...staffView.json.data.item_photos]) {
    for (let i = 0; i < 3; i++) {
      const r = await call(nginx, 'GET', url, { raw: true });
      photoReads.push(r.servedBy);
      check(
        r.status === 200 && r.bytes.equals(PNG),
        `photo ${url} through ${r.servedBy}: ${r.status}, ${r.bytes.length} bytes`,
      );
    }
  }
  check(
    photoReads.some((s) => s !== booked.servedBy),
    'no photo read was served by another replica',
  );
  report.push(
    `a. photo uploaded through ${booked.servedBy}; the same bytes read through ${[...new Set(photoReads)].sort().join(', ')}`,
  );

  // d (set up). Three live streams of the customer, one on each replica.
  const streams = [];
  for (let i = 0; i < 3; i++) streams.push(await openStream(nginx, customer));
  check(
    streams.every((s) => s.status === 200),
    `streams: ${streams.map((s) => s.status).join(' ')}`,
  );
  check(
    new Set(streams.map((s) => s.servedBy)).size === 3,
    `streams on ${streams.map((s) => s.servedBy).join(' ')}`,
  );

  // b. One open delivery, twenty concurrent accepts spread over the replicas.
  const open = await call(nginx, 'POST', '/api/dashboard/customer/deliveries', {
    token: customer,
    body: delivery('replica-accept'),
  });
  if (open.status !== 201) throw new Error(`delivery booking: ${open.status} ${JSON.stringify(open.json)}`);
  const deliveryId = open.json.data.delivery.id;
  await sleep(300);
  const accepts = await Promise.all(
    Array.from({ length: 20 }, () =>
      call(nginx, 'POST', `/api/dashboard/deliveries/${deliveryId}/accept`, { token: helper, body: {} }),
    ),
  );
  const byStatus = {};
  for (const a of accepts) byStatus[a.status] = (byStatus[a.status] ?? 0) + 1;
  const winner = accepts.find((a) => a.status === 200);
  check(byStatus[200] === 1 && byStatus[409] === 19, `accepts answered ${JSON.stringify(byStatus)}`);
  check(new Set(accepts.map((a) => a.servedBy)).size === 3, 'the accepts did not reach every replica');
  report.push(
    `b. 20 concurrent accepts over ${[...new Set(accepts.map((a) => a.servedBy))].sort().join(', ')}: ${JSON.stringify(byStatus)} (won on ${winner?.servedBy})`,
  );

  // d. The accept's event, produced on the winner's replica, on every stream.
  // The booking's own event carries the New status; the accept's, another one.
  const ofDelivery = (s) => s.events.filter((e) => e.event === 'delivery' && e.data?.id === deliveryId);
  const seen = (s) => {
    const [booking, ...later] = ofDelivery(s);
    return booking !== undefined && later.some((e) => e.data.status !== booking.data.status);
  };
  const waitStart = Date.now();
  while (!streams.every(seen) && Date.now() - waitStart < 5000) await sleep(25);
  const late = streams.filter((s) => !seen(s)).map((s) => s.servedBy);
  check(
    late.length === 0,
    `the accept's event did not reach the streams on ${late.join(', ')}; one got ${JSON.stringify(streams[0]?.events.slice(-4))}`,
  );
  check(
    streams.some((s) => s.servedBy !== winner?.servedBy && seen(s)),
    'no stream on another replica got the event',
  );
  report.push(
    `d. the accept (on ${winner?.servedBy}) reached streams on ${streams
      .filter(seen)
      .map((s) => s.servedBy)
      .sort()
      .join(', ')} (${Date.now() - waitStart} ms after the last accept answered)`,
  );
  for (const s of streams) s.close();

  // c. Forty wrong passwords for one e-mail: on one process directly, then over the replicas.
  const firstRefusal = async (base, email, headers) => {
    const served = [];
    let first = null;
    for (let i = 1; i <= 40; i++) {
      const r = await call(base, 'POST', '/api/dashboard/auth/login', {
        body: { email, password: 'wrong-password' },
        headers,
      });
      served.push(r.servedBy);
      if (r.status === 429) first ??= i;
      else check(r.status === 422 || r.status === 401, `wrong password answered ${r.status}`);
    }
    return { first, served };
  };
  // From another (forwarded) address, so the two runs share no per-address budget.
  const single = await firstRefusal(cluster.replicas[0].base, 'admin@demo.test', {
    'x-forwarded-for': '198.51.100.7',
  });
  const spread = await firstRefusal(nginx, 'newhelper@demo.test', {});
  check(
    single.first !== null && single.first === spread.first,
    `first 429: one process ${single.first}, over the replicas ${spread.first}`,
  );
  check(new Set(spread.served).size === 3, 'the wrong passwords did not reach every replica');
  report.push(
    `c. 40 wrong passwords: first 429 at attempt ${single.first} on one process, ${spread.first} over ${[...new Set(spread.served)].sort().join(', ')}`,
  );

  // e. Booking load; one replica killed with SIGKILL after KILL_AT_MS.
  const victim = cluster.replicas[1];
  const answers = [];
  let killedAt = 0;
  let running = true;
  let seq = 0;
  const worker = async () => {
    while (running) {
      const note = `replica-load-${seq++}-${randomUUID().slice(0, 8)}`;
      const at = Date.now();
      try {
        const r = await call(nginx, 'POST', '/api/dashboard/customer/deliveries', {
          token: customer,
          body: delivery(note),
        });
        answers.push({
          note,
          at,
          status: r.status,
          servedBy: r.servedBy,
          body: r.status >= 300 ? JSON.stringify(r.json).slice(0, 160) : '',
        });
      } catch (err) {
        answers.push({ note, at, status: 'network', error: err.message });
      }
    }
  };
  const loadStart = Date.now();
  const workers = Array.from({ length: LOAD_CLIENTS }, worker);
  await sleep(KILL_AT_MS);
  killReplica(victim);
  killedAt = Date.now();
  await sleep(LOAD_MS - KILL_AT_MS);
  running = false;
  await Promise.all(workers);
  const statuses = {};
  for (const a of answers) statuses[a.status] = (statuses[a.status] ?? 0) + 1;
  const bad = answers.filter((a) => a.status !== 201 && a.status !== 502 && a.status !== 503);
  check(
    bad.length === 0,
    `under load: ${bad
      .slice(0, 3)
      .map((a) => `${a.status} ${a.error ?? a.body}`)
      .join(' | ')}`,
  );
  const acknowledged = answers.filter((a) => a.status === 201);
  const db = new pg.Client({ connectionString: cluster.dbUrl });
  await db.connect();
  const stored = new Set(
    (await db.query(`select notes from deliveries where notes like 'replica-load-%'`)).rows.map(
      (r) => r.notes,
    ),
  );
  await db.end();
  const lost = acknowledged.filter((a) => !stored.has(a.note));
  check(
    lost.length === 0,
    `${lost.length} acknowledged bookings are missing: ${lost
      .slice(0, 3)
      .map((a) => a.note)
      .join(', ')}`,
  );
  const after = answers.filter((a) => a.at > killedAt + 1000);
  check(
    after.length > 0 && after.every((a) => a.status === 201),
    `after the kill: ${JSON.stringify(after.filter((a) => a.status !== 201).slice(0, 3))}`,
  );
  check(
    after.every((a) => a.servedBy !== victim.id),
    `${victim.id} still answered after its kill`,
  );
  check(new Set(after.map((a) => a.servedBy)).size === 2, 'the two remaining replicas did not both serve');
  check(victim.child.exit?.signal === 'SIGKILL', `${victim.id} was not killed`);
  check(!cluster.nginx.child.exit, 'nginx exited');
  const health = await call(nginx, 'GET', '/api/health');
  check(health.status === 200, `nginx after the kill: ${health.status}`);
  report.push(
    `e. ${answers.length} bookings by ${LOAD_CLIENTS} clients in ${Date.now() - loadStart} ms, ${victim.id} killed at ${killedAt - loadStart} ms: ${JSON.stringify(statuses)}; ${acknowledged.length} acknowledged, ${lost.length} lost; after the kill served by ${[...new Set(after.map((a) => a.servedBy))].sort().join(', ')}`,
  );
  ok = problems.length === 0;
} catch (err) {
  problems.push(err.message);
} finally {
  if (!ok && cluster) problems.push(cluster.tails());
  await cluster?.close().catch(() => {});
  clearTimeout(watchdog);
}
for (const line of report) console.log(`replica-check: ${line}`);
if (!ok) {
  console.error(
    `replica-check FAILED after ${Date.now() - started} ms:\n- ${problems.slice(0, 20).join('\n- ')}`,
  );
  process.exit(1);
}
console.log(`replica-check: passed in ${Date.now() - started} ms`);
