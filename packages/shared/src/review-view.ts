import { z } from 'zod';

/** A review as the API answers it (spec: Review), shared by the API's views and the web. */
export const ZReviewView = z.object({
  id: z.number().int(),
  star: z.number().int(),
  comment: z.string(),
  published_at: z.string().nullable(),
  /** Still editable by its author until then (10 days after it was written). */
  editable_until: z.string(),
  is_published: z.boolean(),
  /** Who wrote it: the customer (about the branch) or the company (about the customer). */
  sender_party: z.enum(['customer', 'company']),
  image: z.string().nullable(),
  sender: z.object({ name: z.string(), image: z.string().nullable() }),
  receiver: z.object({ name: z.string() }),
  branch_name: z.string().nullable(),
  order_link: z.string().nullable(),
  order_id: z.number().int().nullable(),
  delivery_id: z.number().int().nullable(),
  replies: z.array(
    z.object({
      id: z.number().int(),
      comment: z.string(),
      sender: z.object({ name: z.string(), image: z.string().nullable() }),
      created_at: z.string(),
    }),
  ),
  created_at: z.string(),
});
export type TReviewView = z.infer<typeof ZReviewView>;
