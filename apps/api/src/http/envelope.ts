import { zInt } from '@haulpro/shared/parse';
import { z } from 'zod';

/** Success envelope: `{ data, message? }` (ARCHITECTURE: the API contract). */
export function ZEnvelope<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional() });
}

export const ZPageMeta = z.object({
  current_page: z.number().int(),
  last_page: z.number().int(),
  per_page: z.number().int(),
  total: z.number().int(),
});

export function ZPaginated<T extends z.ZodType, M extends z.ZodRawShape = Record<never, never>>(
  item: T,
  extraMeta?: M,
) {
  return z.object({ data: z.array(item), meta: ZPageMeta.extend(extraMeta ?? ({} as M)) });
}

export const ZErrorBody = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});

export const ZMessageOnly = z.object({ message: z.string(), data: z.null().optional() });

export { pageMeta } from '../domain/paging.ts';

export function ok<T>(data: T, message?: string): { data: T; message?: string } {
  return message === undefined ? { data } : { data, message };
}

export const ZPageQuery = z.object({
  page: zInt(1, 100000).default(1),
  per_page: zInt(1, 100).default(15),
});
