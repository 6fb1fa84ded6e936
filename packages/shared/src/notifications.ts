import { z } from 'zod';
import { NOTIFICATION_TITLE_MAX } from './constants.ts';

export const ZNotification = z.object({
  id: z.number().int(),
  data: z.object({ title: z.string(), link: z.string().nullable() }),
  date: z.string(),
  unread: z.boolean(),
});
export type TNotification = z.infer<typeof ZNotification>;

/** The header menu cuts titles at 28 characters (spec: Header). */
export function cutTitle(title: string, max = NOTIFICATION_TITLE_MAX): string {
  return title.length > max ? `${title.slice(0, max)}...` : title;
}
