/**
 * Runs autocannon in its own process (a worker thread confuses autocannon's own worker
 * mode), so generating load does not steal the server's event loop. The job arrives as a JSON
 * file named in argv; the summary leaves as one JSON line on stdout. Paths (each optionally with
 * its own headers) rotate through a fixed list.
 *
 * The warm-up and the measured requests go through the same connections in one run: the first
 * `warmup` answers are not counted. Measured apart, every measured run began on ten fresh
 * connections and a cold load generator, and its first 100-250 ms (ten to a hundred requests, a
 * 1,000-request run's p99) were slower by 20-100 ms whatever the server did (decision 045).
 */
import { readFileSync, writeFileSync } from 'node:fs';
import autocannon from 'autocannon';

/** @type {{ url: string; timeline?: string; amount: number; warmup?: number; connections: number; overallRate?: number; method: 'GET' | 'POST'; paths: string[]; headers: Record<string, string>; pathHeaders?: Record<string, string>[]; warmupPaths?: string[]; warmupPathHeaders?: Record<string, string>[]; body?: string }} */
const job = JSON.parse(readFileSync(process.argv[2] ?? '', 'utf8'));
const warmup = job.warmup ?? 0;
let sent = 0;
const started = performance.now();
/** Every answer: when it came (ms since the start), its latency (ms) and its status. */
const answers = [];
await new Promise((resolve, reject) => {
  const instance = autocannon(
    {
      url: job.url,
      amount: warmup + job.amount,
      connections: job.connections,
      ...(job.overallRate ? { overallRate: job.overallRate } : {}),
      requests: [
        {
          method: job.method,
          headers: job.headers,
          ...(job.body ? { body: job.body } : {}),
          setupRequest: (req) => {
            const warming = sent < warmup;
            const paths = warming ? (job.warmupPaths ?? job.paths) : job.paths;
            const headers = warming && job.warmupPaths ? job.warmupPathHeaders : job.pathHeaders;
            const k = (warming ? sent : sent - warmup) % paths.length;
            sent += 1;
            const path = paths[k] ?? '/';
            // Per-path headers (another caller's token) when given.
            const extra = headers?.[k];
            return extra ? { ...req, path, headers: { ...req.headers, ...extra } } : { ...req, path };
          },
        },
      ],
    },
    (err, r) => (err ? reject(err) : resolve(r)),
  );
  instance.on('response', (_client, status, _bytes, latency) => {
    answers.push([performance.now() - started, latency, status]);
  });
});
const measured = answers.slice(warmup);
// The rate runs from the last warm-up answer to the last answer (autocannon's own clock rounds a
// short run up to whole seconds).
const from = warmup > 0 ? (answers[warmup - 1]?.[0] ?? 0) : 0;
const seconds = Math.max(1e-3, ((measured.at(-1)?.[0] ?? from) - from) / 1000);
const latencies = measured.map((a) => a[1]).sort((a, b) => a - b);
/** Nearest rank, in whole ms as autocannon gives them. */
const at = (p) => Math.round(latencies[Math.max(0, Math.ceil(p * latencies.length) - 1)] ?? 0);
if (job.timeline)
  writeFileSync(
    job.timeline,
    JSON.stringify(measured.map(([t, latency]) => [Math.round(t - from), Math.round(latency)])),
  );
process.stdout.write(
  `${JSON.stringify({
    total: measured.length,
    sent: answers.length,
    average: measured.length / seconds,
    p50: at(0.5),
    p90: at(0.9),
    p99: at(0.99),
    max: Math.round(latencies.at(-1) ?? 0),
    non2xx: measured.filter((a) => a[2] < 200 || a[2] >= 300).length,
    // The load generator's own CPU, for BENCH_CPU's split (harness.ts).
    cpuMs: (process.cpuUsage().user + process.cpuUsage().system) / 1000,
  })}\n`,
);
