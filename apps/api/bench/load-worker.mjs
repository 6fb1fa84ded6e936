/**
 * Runs autocannon in its own process (a worker thread confuses autocannon's own worker
 * mode), so generating load does not steal the server's event loop. The job arrives as a JSON
 * file named in argv; the summary leaves as one JSON line on stdout. Paths (each optionally with
 * its own headers) rotate through a fixed list.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** @type {{ url: string; timeline?: string; amount: number; connections: number; overallRate?: number; method: 'GET' | 'POST'; paths: string[]; headers: Record<string, string>; pathHeaders?: Record<string, string>[]; body?: string }} */
const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
let i = 0;
// autocannon notices a reached `amount` only on its one-second tick, so its own start and finish
// round a short run up to whole seconds: the rate is taken from the start to the last answer
// received instead.
let first = 0;
let last = 0;
/** BENCH_TIMELINE: each answer's time since the start and its latency, both in ms (harness.ts). */
const timeline = job.timeline ? [] : null;
const result = await new Promise((resolve, reject) => {
  first = performance.now();
  const instance = autocannon(
    {
      url: job.url,
      amount: job.amount,
      connections: job.connections,
      ...(job.overallRate ? { overallRate: job.overallRate } : {}),
      requests: [
        {
          method: job.method,
          headers: job.headers,
          ...(job.body ? { body: job.body } : {}),
          setupRequest: (req) => {
            const k = i % job.paths.length;
            i += 1;
            const path = job.paths[k] ?? '/';
            // Per-path headers (another caller's token) when given.
            const extra = job.pathHeaders?.[k];
            return extra ? { ...req, path, headers: { ...req.headers, ...extra } } : { ...req, path };
          },
        },
      ],
    },
    (err, r) => (err ? reject(err) : resolve(r)),
  );
  instance.on('response', (_client, _status, _bytes, latency) => {
    last = performance.now();
    if (timeline) timeline.push([Math.round(last - first), Math.round(latency)]);
  });
});
if (timeline) writeFileSync(job.timeline, JSON.stringify(timeline));
const seconds =
  last > first
    ? (last - first) / 1000
    : (new Date(result.finish).getTime() - new Date(result.start).getTime()) / 1000;
process.stdout.write(
  `${JSON.stringify({
    total: result.requests.total,
    average: result.requests.total / seconds,
    p50: result.latency.p50,
    p90: result.latency.p90,
    p99: result.latency.p99,
    max: result.latency.max,
    non2xx: result.non2xx,
    // The load generator's own CPU, for BENCH_CPU's split (harness.ts).
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  })}\n`,
);
