import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

/** The one policy of every answer: pages, API and files (decision 032 moved it out of @fastify/helmet). */
export const SECURITY_HEADER_OPTIONS: HelmetOptions = {
  contentSecurityPolicy: {
    directives: {
      defaultSrc: ["'self'"],
      imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
      styleSrc: ["'self'", "'unsafe-inline'"],
      scriptSrc: ["'self'"],
      connectSrc: ["'self'"],
      fontSrc: ["'self'", 'data:'],
      // The crew's installable app (issue 28): its service worker and manifest, same origin only.
      workerSrc: ["'self'"],
      manifestSrc: ["'self'"],
      upgradeInsecureRequests: null,
    },
  },
  crossOriginEmbedderPolicy: false,
};

/**
 * The headers helmet writes for these options, worked out once. Helmet's headers depend on its
 * options only, never on the request; @fastify/helmet rebuilt the middleware (and parsed the CSP
 * directives) on every request, about a sixth of a cached list's CPU time. (Helmet also removes
 * X-Powered-By, which Node's server never sets.)
 */
export function securityHeaders(options: HelmetOptions = SECURITY_HEADER_OPTIONS): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string) {
      headers[name.toLowerCase()] = value;
    },
    removeHeader() {},
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

/**
 * Every answer gets the security headers. They go on the reply, which writes them with its own
 * headers in one writeHead; a route that takes the socket over (reply.hijack) writes
 * `reply.getHeaders()` itself.
 */
export function registerSecurityHeaders(app: FastifyInstance, options?: HelmetOptions) {
  const headers = securityHeaders(options);
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}
