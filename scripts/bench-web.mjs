// npm run bench:web: Lighthouse (mobile, default simulated throttling) in Debian's Chromium on the
// public entry pages, against `npm start`'s production server on a random loopback port with a
// fresh embedded database and demo data. Prints the four category scores, FCP, LCP, total
// blocking time and bytes per page, "met" or "MISSED" per page (performance >= 95, accessibility
// 100), and the console errors and Content-Security-Policy violations each page logged (none is
// the target). Not part of `npm test`: it is slow and its numbers vary run to run.
// BENCH_WEB_RUNS=3 takes the median of three runs per page; BENCH_WEB_REPORTS=<dir> keeps the reports;
// BENCH_WEB_PAGES=/delivery,/register measures only the pages whose label starts so.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import chromium from './chromium-flags.json' with { type: 'json' };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_WEB_RUNS ?? 1);
const TARGETS = { performance: 95, accessibility: 100 };

function freePort() {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address();
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

async function waitForHealth(base, child, timeoutMs = 180_000) {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    if (child.exitCode !== null) throw new Error(`the server exited with ${child.exitCode}`);
    try {
      const r = await fetch(`${base}/api/health`);
      if (r.ok) return;
    } catch {}
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error('the server did not become healthy');
}

function nextMonday() {
  const d = new Date();
  d.setUTCDate(d.getUTCDate() + ((8 - d.getUTCDay()) % 7 || 7) + 7);
  return d.toISOString().slice(0, 10);
}

/** Console errors and CSP violations of one Lighthouse run, from its artifacts. */
function problemsOf(artifacts) {
  const consoleErrors = (artifacts.ConsoleMessages ?? [])
    .filter((m) => m.level === 'error')
    .map((m) => `${m.source}: ${m.text}${m.url ? ` (${m.url}:${m.lineNumber ?? 0})` : ''}`);
  const csp = (artifacts.InspectorIssues?.contentSecurityPolicyIssue ?? []).map(
    (i) =>
      `${i.contentSecurityPolicyViolationType}${i.violatedDirective ? ` ${i.violatedDirective}` : ''}${i.blockedURL ? ` ${i.blockedURL}` : ''}${i.sourceCodeLocation ? ` at ${i.sourceCodeLocation.url}:${i.sourceCodeLocation.lineNumber}` : ''}`,
  );
  return { consoleErrors, csp };
}

const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

const port = await freePort();
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(path.join(tmpdir(), 'haulpro-bench-web-'));
const server = spawn(process.execPath, ['scripts/start.mjs'], {
  cwd: root,
  env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
  stdio: ['ignore', 'inherit', 'inherit'],
});
let chrome;
try {
  await waitForHealth(base, server);
  const date = nextMonday();
  const search = `from_zip=90001&from_date=${date}&to_zip=90210&to_date=${date}&type_service=2&type_moving=1`;
  const helpers = await (await fetch(`${base}/api/public/helpers?${search}`)).json();
  const slug = helpers.data?.[0]?.slug;
  if (!slug) throw new Error('the demo data has no helper for the benchmark search');
  // The public entry pages (apps/web/entry-routes.json) and where the home page's tiles lead.
  const only = process.env.BENCH_WEB_PAGES?.split(',').filter(Boolean);
  const pages = [
    ['/login', '/login'],
    ['/sign-up', '/sign-up'],
    ['/register', '/register'],
    ['/delivery', '/delivery'],
    ['/helper-list?…', `/helper-list?${search}`],
    ['/profile/{slug}', `/profile/${slug}`],
  ].filter(([label]) => !only || only.some((o) => label.startsWith(o)));

  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROMIUM_PATH ?? chromium.defaultPath,
    chromeFlags: ['--headless=new', ...chromium.flags],
  });
  const rows = [];
  for (const [label, url] of pages) {
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(`${base}${url}`, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices', 'seo'],
      });
      const { categories: c, audits: a } = result.lhr;
      if (result.lhr.runtimeError) console.warn(`${label}: ${result.lhr.runtimeError.message}`);
      // BENCH_WEB_REPORTS=<dir>: keeps each run's whole Lighthouse report (JSON) to read the audits.
      if (process.env.BENCH_WEB_REPORTS) {
        const name = `${label.replace(/[^a-z0-9]+/gi, '-').replace(/^-|-$/g, '')}-${i + 1}.json`;
        writeFileSync(path.join(process.env.BENCH_WEB_REPORTS, name), JSON.stringify(result.lhr));
      }
      runs.push({
        performance: Math.round(c.performance.score * 100),
        accessibility: Math.round(c.accessibility.score * 100),
        bestPractices: Math.round(c['best-practices'].score * 100),
        seo: Math.round(c.seo.score * 100),
        fcp: a['first-contentful-paint'].numericValue,
        lcp: a['largest-contentful-paint'].numericValue,
        tbt: a['total-blocking-time'].numericValue,
        bytes: a['total-byte-weight'].numericValue,
        ...problemsOf(result.artifacts),
        failing: Object.values(a)
          .filter((x) => x.score !== null && x.score < 0.9 && x.scoreDisplayMode !== 'informative')
          .map((x) => x.id)
          .slice(0, 8),
      });
    }
    const pick = (k) => median(runs.map((r) => r[k]));
    rows.push({
      label,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      fcp: pick('fcp'),
      lcp: pick('lcp'),
      tbt: pick('tbt'),
      bytes: pick('bytes'),
      failing: runs[0].failing,
      // Every run's, not the median's: one logged error is one too many.
      consoleErrors: [...new Set(runs.flatMap((r) => r.consoleErrors))],
      csp: [...new Set(runs.flatMap((r) => r.csp))],
    });
  }

  console.log(`\nLighthouse (mobile, simulated throttling), ${RUNS} run(s) per page, median\n`);
  console.log(
    '| page | performance | accessibility | best practices | SEO | FCP | LCP | TBT | transferred |',
  );
  console.log('|---|---|---|---|---|---|---|---|---|');
  for (const r of rows) {
    console.log(
      `| ${r.label} | ${r.performance} | ${r.accessibility} | ${r.bestPractices} | ${r.seo} | ${(r.fcp / 1000).toFixed(1)} s | ${(r.lcp / 1000).toFixed(1)} s | ${Math.round(r.tbt)} ms | ${Math.round(r.bytes / 1024)} KB |`,
    );
  }
  let met = true;
  console.log('');
  for (const r of rows) {
    const scores = r.performance >= TARGETS.performance && r.accessibility >= TARGETS.accessibility;
    const clean = r.consoleErrors.length === 0 && r.csp.length === 0;
    met &&= scores && clean;
    console.log(
      `${r.label}: ${scores ? 'met' : 'MISSED'} (performance ${r.performance} >= ${TARGETS.performance}, accessibility ${r.accessibility} = ${TARGETS.accessibility})${r.failing.length ? `; audits below 0.9: ${r.failing.join(', ')}` : ''}`,
    );
    console.log(
      `${r.label}: ${clean ? 'met' : 'MISSED'} (no console error, no CSP violation): console errors: ${r.consoleErrors.length ? r.consoleErrors.join(' | ') : 'none'}; CSP violations: ${r.csp.length ? r.csp.join(' | ') : 'none'}`,
    );
  }
  process.exitCode = met ? 0 : 1;
} finally {
  if (chrome) await chrome.kill();
  server.kill('SIGTERM');
  await new Promise((r) => server.once('exit', r));
  rmSync(dataDir, { recursive: true, force: true });
}
