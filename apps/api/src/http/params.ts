import { zId } from '@haulpro/shared/parse';
import { z } from 'zod';

/** A database id in a path: a positive 32-bit integer, so a huge or odd id is a 422, never a 500. */
export const ZIdParam = z.object({ id: zId() });
