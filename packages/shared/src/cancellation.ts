import { z } from 'zod';

export {
  DEFAULT_CANCELLATION_POLICY,
  describePolicy,
  describeTier,
  sortTiers,
} from './cancellation-words.ts';

/*
 * A company's late-cancellation policy (issue 27, decision 029): tiers by hours before the
 * arrival window. A tier applies when the notice is strictly less than `hours_before` hours
 * (hours_before 0: once the window has started); the applicable tier with the smallest
 * hours_before wins; none applies: cancelling is free.
 */

export const CANCELLATION_LIMITS = { maxTiers: 6, maxHours: 720 } as const;

/** Our words (the spec has none for these). */
export const CANCELLATION_MSG = {
  tiersRequired: 'Send the tiers of the policy (an empty list means cancelling is always free).',
  tooManyTiers: `A policy has at most ${CANCELLATION_LIMITS.maxTiers} tiers.`,
  hours: `Hours before must be a whole number from 0 to ${CANCELLATION_LIMITS.maxHours}.`,
  percent: 'The percentage must be a whole number from 0 to 100.',
  duplicateHours: 'Two tiers cannot start at the same number of hours.',
  nearerKeepsLess: 'A tier nearer the arrival window cannot keep less than a tier further from it.',
  saved: 'Cancellation policy saved',
} as const;

const ZTierInput = z.strictObject({
  hours_before: z
    .number({ error: CANCELLATION_MSG.hours })
    .int({ error: CANCELLATION_MSG.hours })
    .min(0, { error: CANCELLATION_MSG.hours })
    .max(CANCELLATION_LIMITS.maxHours, { error: CANCELLATION_MSG.hours }),
  percent: z
    .number({ error: CANCELLATION_MSG.percent })
    .int({ error: CANCELLATION_MSG.percent })
    .min(0, { error: CANCELLATION_MSG.percent })
    .max(100, { error: CANCELLATION_MSG.percent }),
});

/** PUT dashboard/cancellation-policy. */
export const ZCancellationPolicyInput = z.strictObject({
  tiers: z
    .array(ZTierInput, { error: CANCELLATION_MSG.tiersRequired })
    .max(CANCELLATION_LIMITS.maxTiers, { error: CANCELLATION_MSG.tooManyTiers })
    .superRefine((tiers, ctx) => {
      tiers.forEach((t, i) => {
        if (tiers.findIndex((o) => o.hours_before === t.hours_before) !== i) {
          ctx.addIssue({
            code: 'custom',
            path: [i, 'hours_before'],
            message: CANCELLATION_MSG.duplicateHours,
          });
          return;
        }
        // A nearer tier (fewer hours) must keep at least what every farther tier keeps.
        if (tiers.some((o) => o.hours_before > t.hours_before && o.percent > t.percent)) {
          ctx.addIssue({ code: 'custom', path: [i, 'percent'], message: CANCELLATION_MSG.nearerKeepsLess });
        }
      });
    }),
});
export type TCancellationPolicyInput = z.infer<typeof ZCancellationPolicyInput>;

/** GET dashboard/cancellation-policy. */
export const ZCancellationPolicy = z.object({
  tiers: z.array(z.object({ hours_before: z.number().int(), percent: z.number().int() })),
  /** true: the company never set one, so the default applies. */
  is_default: z.boolean(),
});
export type TCancellationPolicy = z.infer<typeof ZCancellationPolicy>;
