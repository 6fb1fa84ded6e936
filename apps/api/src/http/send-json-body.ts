import type { FastifyReply, FastifyRequest } from 'fastify';
import { COMPRESS_THRESHOLD_BYTES, type TJsonBody } from '../cache/json-body.ts';

/** The Accept-Encoding says br, without q=0. */
const BROTLI = /(?:^|,)\s*br\s*(?:,|$|;(?!\s*q=0(?:\.0+)?\s*(?:,|$)))/i;

/**
 * Sends a kept answer: already-serialized JSON of the route's 200 schema, as is; to a client that
 * takes brotli, its compressed copy (the compression hook leaves an encoded body alone).
 */
export async function sendJsonBody(request: FastifyRequest, reply: FastifyReply, body: TJsonBody) {
  reply.type('application/json; charset=utf-8');
  if (body.json.length < COMPRESS_THRESHOLD_BYTES) return reply.send(body.json as never);
  reply.header('vary', 'accept-encoding');
  if (BROTLI.test(String(request.headers['accept-encoding'] ?? '')))
    return reply.header('content-encoding', 'br').send((await body.brotli()) as never);
  return reply.send(body.json as never);
}
