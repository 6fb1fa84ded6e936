import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Registry } from 'prom-client';

export type TMetricsServer = {
  start(): Promise<void>;
  /** Where it listens, once started (the port when METRICS_PORT asked for any). */
  address(): AddressInfo | null;
  stop(): Promise<void>;
};

/**
 * GET /metrics on a listener of its own (METRICS_HOST:METRICS_PORT, loopback by default), never
 * on the public port: what the process exposes about itself is for the scraper, not the world.
 */
export function createMetricsServer(
  registry: Registry,
  at: { port: number; host: string },
  warn: (obj: object, msg: string) => void,
): TMetricsServer {
  let server: Server | null = null;
  return {
    async start() {
      const s = createServer((req, res) => {
        const url = (req.url ?? '').split('?')[0];
        if (url !== '/metrics' || (req.method !== 'GET' && req.method !== 'HEAD')) {
          res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
          return;
        }
        registry.metrics().then(
          (text) => {
            res.writeHead(200, { 'content-type': registry.contentType });
            res.end(req.method === 'HEAD' ? undefined : text);
          },
          (err: unknown) => {
            warn({ err }, 'metrics: the scrape failed');
            res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('Metrics failed\n');
          },
        );
      });
      await new Promise<void>((resolve, reject) => {
        s.once('error', reject);
        s.listen(at.port, at.host, () => {
          s.off('error', reject);
          resolve();
        });
      });
      server = s;
    },
    address() {
      const a = server?.address();
      return a && typeof a === 'object' ? a : null;
    },
    async stop() {
      const s = server;
      server = null;
      if (!s) return;
      s.closeAllConnections();
      await new Promise<void>((resolve) => s.close(() => resolve()));
    },
  };
}
