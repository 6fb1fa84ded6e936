import { z } from 'zod';

/** GET /api/public/map: the tile URL template (null: no tiles, draw on a plain background). */
export const ZMapConfig = z.object({
  tile_url: z.string().nullable(),
  /** HTML from the operator's configuration (links to the tile licence). */
  attribution: z.string(),
});
export type TMapConfig = z.infer<typeof ZMapConfig>;
