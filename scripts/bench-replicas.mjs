// Throughput through nginx with 1, 2 and 3 API replicas (issue 31), on the deployment of
// docs/deploy.md (scripts/replica-cluster.mjs: production build, PostgreSQL, the S3 double,
// deploy/nginx.conf): the company orders list (demo staff, page 1) and the booking write (the
// demo customer's POST customer/orders, cash), each with autocannon at fixed request counts.
// Prints a Markdown table (the README's). Needs DATABASE_URL and nginx; REPLICAS=1,2,3 by default.
//
//   DATABASE_URL=postgres://... node scripts/bench-replicas.mjs
import autocannon from 'autocannon';
import { dayIn, movingBooking } from './replica-client.mjs';
import { closeAll, sleep, startCluster } from './replica-cluster.mjs';

const COUNTS = (process.env.REPLICAS ?? '1,2,3').split(',').map(Number);
if (!COUNTS.every((n) => Number.isInteger(n) && n >= 1 && n <= 6)) {
  console.error('bench-replicas: REPLICAS is a comma list of 1-6');
  process.exit(2);
}
const CONNECTIONS = 20;
const LIST = { warm: 500, amount: 4000 };
const WRITE = { warm: 100, amount: 1500 };
process.once('SIGINT', () => closeAll().finally(() => process.exit(1)));
process.once('SIGTERM', () => closeAll().finally(() => process.exit(1)));

/** autocannon against nginx; answers requests per second, latency percentiles and non-2xx. */
function load(url, { amount, method, headers, body }) {
  let first = 0;
  let last = 0;
  let i = 0;
  return new Promise((resolve, reject) => {
    first = performance.now();
    const instance = autocannon(
      {
        url,
        amount,
        connections: CONNECTIONS,
        requests: [
          {
            method,
            headers,
            // A new booking each time (its own date and window), as customers send them.
            ...(body ? { setupRequest: (req) => ({ ...req, body: JSON.stringify(body(i++)) }) } : {}),
          },
        ],
      },
      (err, r) => {
        if (err) return reject(err);
        resolve({
          rps: r.requests.total / ((last - first) / 1000),
          p50: r.latency.p50,
          p99: r.latency.p99,
          non2xx: r.non2xx,
          errors: r.errors + r.timeouts,
        });
      },
    );
    instance.on('response', () => {
      last = performance.now();
    });
  });
}

const rows = [];
for (const n of COUNTS) {
  const cluster = await startCluster({ replicas: n });
  try {
    const base = cluster.nginx.base;
    const signIn = async (email) => {
      const r = await fetch(`${base}/api/dashboard/auth/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password: 'demo-password' }),
      });
      return (await r.json()).data.token;
    };
    const staff = await signIn('staff@demo.test');
    const customer = await signIn('customer@demo.test');
    const check = await fetch(`${base}/api/dashboard/auth/check`, {
      headers: { authorization: `Bearer ${staff}` },
    });
    const branchId = (await check.json()).data.branches[0].id;
    const windows = ['7-8', '8-9', '9-10', '10-11', '11-12', '12-3', '1-4', '2-5', '3-6'];
    const booking = (k) =>
      movingBooking(branchId, {
        arrival_date: dayIn(7 + (k % 60)),
        arrival_time: windows[Math.floor(k / 60) % windows.length],
      });
    const listUrl = `${base}/api/dashboard/orders?filter=active&page=1`;
    const list = { method: 'GET', headers: { authorization: `Bearer ${staff}` } };
    const write = {
      method: 'POST',
      headers: { authorization: `Bearer ${customer}`, 'content-type': 'application/json' },
      body: booking,
    };
    await load(listUrl, { ...list, amount: LIST.warm });
    const l = await load(listUrl, { ...list, amount: LIST.amount });
    await sleep(500);
    await load(`${base}/api/dashboard/customer/orders`, { ...write, amount: WRITE.warm });
    const w = await load(`${base}/api/dashboard/customer/orders`, { ...write, amount: WRITE.amount });
    rows.push({ n, l, w });
    console.error(`bench-replicas: ${n} replica(s) measured`);
  } finally {
    await cluster.close();
  }
}

const ms = (v) => `${v.toFixed(0)} ms`;
const fmt = (r) =>
  `${r.rps.toFixed(0)} req/s, p50 ${ms(r.p50)}, p99 ${ms(r.p99)}${r.non2xx || r.errors ? `, ${r.non2xx} non-2xx, ${r.errors} errors` : ''}`;
console.log(
  `| Replicas | Orders list (staff, page 1, ${CONNECTIONS} connections) | Booking write (POST customer/orders, cash, ${CONNECTIONS} connections) |`,
);
console.log('| --- | --- | --- |');
for (const { n, l, w } of rows) console.log(`| ${n} | ${fmt(l)} | ${fmt(w)} |`);
if (rows.some((r) => r.l.non2xx || r.w.non2xx || r.l.errors || r.w.errors)) {
  console.error('bench-replicas: some requests failed (see the table)');
  process.exit(1);
}
