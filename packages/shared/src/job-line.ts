import { z } from 'zod';

/*
 * A move day's job at a glance (issue 30), apart from the rest of move day (move-day.ts, which
 * re-exports it): the order's answer schema (order-view.ts) names it, and the booking's page,
 * which reads that schema, need not carry every move-day schema and message with it.
 */

export const JOB_STATES = [
  'not_started',
  'on_the_way',
  'arrived',
  'working',
  'on_break',
  'finished',
] as const;
export type TJobState = (typeof JOB_STATES)[number];

/**
 * A job at a glance, on the customer's order card (GET customer/orders, `job_line`): the list
 * carries it for an order on its move day whose crew took a step, so the dashboard asks for no
 * job per card. Money in dollars.
 */
export const ZJobLine = z.object({
  state: z.enum(JOB_STATES),
  /** Expected arrival (On my way's time plus its ETA). */
  eta_at: z.string().nullable(),
  worked_minutes: z.number().int(),
  /** The bill as it stands (the running cost while the clock runs). */
  total: z.number(),
  /** Changes on site that wait for the customer's answer. */
  pending_changes: z.number().int(),
  /** The job is finished and its bill waits for the customer's confirmation. */
  to_confirm: z.boolean(),
  time_zone: z.string(),
});
export type TJobLine = z.infer<typeof ZJobLine>;
