import { findUncleanText, PARSE_MSG } from '@haulpro/shared/parse';
import type { FastifyInstance } from 'fastify';
import { invalid } from '../domain/errors.ts';

/**
 * Refuses NUL, other control characters (bar tab and line breaks) and lone surrogates in every
 * path parameter, query value and JSON body field, before any route sees them, with a 422 that
 * names the field. PostgreSQL cannot store NUL in text, so without this a NUL anywhere was a 500;
 * one hook covers every route, including the ones added later.
 */
export function registerCleanText(app: FastifyInstance): void {
  app.addHook('preValidation', async (request) => {
    for (const value of [request.params, request.query, request.body]) {
      const field = findUncleanText(value, '');
      if (field !== null) throw invalid({ [field || 'body']: [PARSE_MSG.text] });
    }
  });
}
