import { z } from 'zod';

export const ROLES = ['customer', 'labor', 'staff', 'admin'] as const;
export const ZRole = z.enum(ROLES);
export type TRole = z.infer<typeof ZRole>;

export const ZUser = z.object({
  id: z.number().int(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  phone: z.string().nullable(),
  image: z.string().nullable(),
  role: ZRole,
  is_email_verified: z.boolean(),
  isCustomer: z.boolean(),
  isLabor: z.boolean(),
  isAdmin: z.boolean(),
  company_id: z.number().int().nullable(),
  referral_code: z.string(),
  /** Reminders by text message (issue 29). */
  sms_opt_in: z.boolean(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZCompanySummary = z.object({
  id: z.number().int(),
  name: z.string(),
  logo: z.string().nullable(),
});
export type TCompanySummary = z.infer<typeof ZCompanySummary>;

export const ZBranchSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  slug: z.string(),
  zip_code: z.string(),
  is_main: z.boolean(),
});
export type TBranchSummary = z.infer<typeof ZBranchSummary>;
