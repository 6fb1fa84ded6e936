import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { BlockList, isIP } from 'node:net';
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import type { TTrustProxy } from '../config.ts';

export const REQUEST_ID_HEADER = 'x-request-id';

/** What a proxy may hand us as the id: short, and nothing a log reader could be fooled by. */
const SAFE_ID = /^[A-Za-z0-9._-]{1,128}$/;

/** proxy-addr's range names, as TRUST_PROXY accepts them (config.ts). */
const NAMED_RANGES: Record<string, [string, number, 'ipv4' | 'ipv6'][]> = {
  loopback: [
    ['127.0.0.0', 8, 'ipv4'],
    ['::1', 128, 'ipv6'],
  ],
  linklocal: [
    ['169.254.0.0', 16, 'ipv4'],
    ['fe80::', 10, 'ipv6'],
  ],
  uniquelocal: [
    ['10.0.0.0', 8, 'ipv4'],
    ['172.16.0.0', 12, 'ipv4'],
    ['192.168.0.0', 16, 'ipv4'],
    ['fc00::', 7, 'ipv6'],
  ],
};

const family = (address: string): 'ipv4' | 'ipv6' => (isIP(address) === 4 ? 'ipv4' : 'ipv6');

/**
 * Whether the peer itself (the connection's address, hop 0) is a proxy TRUST_PROXY trusts: the
 * same rule Fastify applies to X-Forwarded-For, so an id is believed exactly where an address is.
 */
export function trustsPeer(trust: TTrustProxy): (address: string | undefined) => boolean {
  if (typeof trust === 'boolean') return () => trust;
  if (typeof trust === 'function') return (address) => address !== undefined && trust(address, 0);
  const list = new BlockList();
  for (const entry of trust) {
    const named = NAMED_RANGES[entry];
    if (named) for (const [net, prefix, type] of named) list.addSubnet(net, prefix, type);
    else {
      const [net = '', prefix] = entry.split('/');
      if (prefix === undefined) list.addAddress(net, family(net));
      else list.addSubnet(net, Number(prefix), family(net));
    }
  }
  return (address) => {
    if (!address || !isIP(address)) return false;
    // An IPv4 peer on a dual-stack socket shows as ::ffff:a.b.c.d; the list names it as a.b.c.d.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return list.check(address, family(address)) || (mapped !== undefined && list.check(mapped, 'ipv4'));
  };
}

/**
 * Fastify's request id options: an incoming X-Request-Id is kept only from a trusted proxy and
 * only in a safe form; any other request gets a new UUID. (requestIdHeader stays off: Fastify
 * would take the header from anyone.) Log lines name it `reqId`, Fastify's default label.
 */
export function requestIdOptions(
  trust: TTrustProxy,
): Pick<FastifyServerOptions, 'genReqId' | 'requestIdHeader'> {
  const trusted = trustsPeer(trust);
  return {
    requestIdHeader: false,
    genReqId(req: IncomingMessage) {
      const given = req.headers[REQUEST_ID_HEADER];
      if (typeof given === 'string' && SAFE_ID.test(given) && trusted(req.socket?.remoteAddress))
        return given;
      return randomUUID();
    },
  };
}

/** The request a piece of code runs for, so lines logged through the app's logger carry its id. */
export const requestScope = new AsyncLocalStorage<{ id: string; log: unknown }>();

/**
 * Every answer says its id (set on the raw response, so the hijacked event stream has it too),
 * and the rest of the request runs inside its scope.
 */
export function registerRequestId(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    reply.raw.setHeader(REQUEST_ID_HEADER, request.id);
    requestScope.run({ id: request.id, log: request.log }, done);
  });
}

/**
 * pino's mixin: a line logged during a request through any logger but the request's own (which
 * already binds reqId) gets the id.
 */
export function requestIdMixin(_obj: object, _level: number, logger: unknown): { reqId?: string } {
  const scope = requestScope.getStore();
  return scope && scope.log !== logger ? { reqId: scope.id } : {};
}
