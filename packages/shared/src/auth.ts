import { z } from 'zod';
import { NAME_MAX, REFERRAL_CODE_LENGTH } from './constants.ts';
import { MSG } from './messages.ts';
import { requiredOnly } from './parse.ts';
import { ZPhone } from './phone.ts';
import { zSmsOptIn } from './talk.ts';

const EMAIL_MAX = 254;
const PASSWORD_MAX = 128;

/** Email: required, trimmed, well-formed (spec: "Invalid email"). Stored lower-case. */
export const ZEmail = z
  .string({ error: MSG.invalidEmail })
  .trim()
  .min(1, { message: MSG.invalidEmail, abort: true })
  .max(EMAIL_MAX, MSG.invalidEmail)
  .email(MSG.invalidEmail)
  .transform((v) => v.toLowerCase());

/** Sign in: email required and valid; password required, min length 2. */
export const ZLogin = z.object({
  email: ZEmail,
  password: z
    .string({ error: MSG.invalidPassword })
    .min(2, MSG.invalidPassword)
    .max(PASSWORD_MAX, MSG.invalidPassword),
});
export type TLogin = z.input<typeof ZLogin>;

const name = (message: string) =>
  z.string({ error: message }).trim().min(1, message).max(NAME_MAX, MSG.maxLength60);

/** Referral sign-up (customer registration). Values trimmed; password min 8. */
export const ZRegister = z.object({
  first_name: name(MSG.invalidFirstName),
  last_name: name(MSG.invalidLastName),
  email: ZEmail,
  password: z
    .string({ error: MSG.invalidPassword })
    .min(8, MSG.invalidPassword)
    .max(PASSWORD_MAX, MSG.invalidPassword),
  referral_code: z
    .string({ error: MSG.referralCodeMissing })
    .trim()
    .max(REFERRAL_CODE_LENGTH, MSG.referralCodeMissing)
    .optional()
    .nullable()
    .transform((v) => (v ? v.toUpperCase() : null))
    .refine((v) => v === null || v.length === REFERRAL_CODE_LENGTH, MSG.referralCodeMissing),
});
export type TRegister = z.input<typeof ZRegister>;

/**
 * Minimum new-password length per role. The spec gives 6 for labor/profile password
 * changes and "at least 8" for customers (and 8 at registration); staff and admins
 * follow the labor/profile rule. See docs/decisions/001-passwords.md.
 */
export function minPasswordLength(role: 'customer' | 'labor' | 'staff' | 'admin'): number {
  return role === 'customer' ? 8 : 6;
}

export const ZUpdatePassword = z.object({
  old_password: z
    .string(requiredOnly(MSG.fieldRequired))
    .min(1, MSG.fieldRequired)
    .max(PASSWORD_MAX, MSG.invalidPassword),
  new_password: z
    .string(requiredOnly(MSG.fieldRequired))
    .min(1, { message: MSG.fieldRequired, abort: true })
    .min(6, MSG.passwordMin6)
    .max(PASSWORD_MAX, MSG.invalidPassword),
});
export type TUpdatePassword = z.input<typeof ZUpdatePassword>;

/** Client-side password change form: old, new, confirm; new equals confirm. */
export function passwordChangeForm(minLength: number) {
  return z
    .object({
      old_password: z.string().min(1, MSG.fieldRequired),
      new_password: z
        .string()
        .min(1, { message: MSG.fieldRequired, abort: true })
        .min(minLength, minLength === 8 ? MSG.passwordMin8 : MSG.passwordMin6),
      confirm_password: z.string().min(1, MSG.fieldRequired),
    })
    .refine((v) => v.new_password === v.confirm_password, {
      message: MSG.passwordsDoNotMatch,
      path: ['confirm_password'],
    });
}

/** Setting a new password from an e-mailed reset link. */
export const ZResetPassword = z.object({
  token: z
    .string({ error: MSG.resetLinkInvalid })
    .min(16, MSG.resetLinkInvalid)
    .max(256, MSG.resetLinkInvalid),
  password: z
    .string({ error: MSG.invalidPassword })
    .min(8, MSG.passwordMin8)
    .max(PASSWORD_MAX, MSG.invalidPassword),
});
export type TResetPassword = z.input<typeof ZResetPassword>;

export const ZVerifyEmail = z.object({
  token: z
    .string({ error: MSG.verifyLinkInvalid })
    .min(16, MSG.verifyLinkInvalid)
    .max(256, MSG.verifyLinkInvalid),
});

/** PUT users/{id}: any subset of the user's own editable fields, or an image. */
export const ZUserUpdate = z.object({
  first_name: name(MSG.invalidFirstName).optional(),
  last_name: name(MSG.invalidLastName).optional(),
  phone: ZPhone.nullable().optional(),
  /** A data URL (png, jpg or jpeg, at most 10 MB) or null to remove the picture. */
  image: z.string().max(15_000_000, MSG.fileTooLarge).nullable().optional(),
  /** Text-message reminders (issue 29): on needs a phone on the account (TALK_MSG.smsPhone). */
  sms_opt_in: zSmsOptIn().optional(),
});
export type TUserUpdate = z.input<typeof ZUserUpdate>;
export type TUserUpdateParsed = z.output<typeof ZUserUpdate>;
