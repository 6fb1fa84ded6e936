import { describe, expect, it } from 'vitest';
import {
  minPasswordLength,
  passwordChangeForm,
  ZLogin,
  ZRegister,
  ZResetPassword,
  ZUpdatePassword,
  ZUserUpdate,
} from './auth.ts';
import { MSG } from './messages.ts';

/** Field -> messages, the shape the API answers with. */
function errorsOf(result: {
  success: boolean;
  error?: { issues: { path: PropertyKey[]; message: string }[] };
}) {
  const out: Record<string, string[]> = {};
  for (const i of result.error?.issues ?? []) {
    const k = i.path.join('.');
    out[k] = [...(out[k] ?? []), i.message];
  }
  return out;
}

describe('sign in (ZLogin)', () => {
  it('trims and lower-cases the email', () => {
    expect(ZLogin.parse({ email: '  Staff@Demo.TEST ', password: 'ab' })).toEqual({
      email: 'staff@demo.test',
      password: 'ab',
    });
  });
  it.each([
    ['', 'Invalid email'],
    ['   ', 'Invalid email'],
    ['no-at-sign', 'Invalid email'],
    ['a@b', 'Invalid email'],
    [`${'a'.repeat(250)}@b.co`, 'Invalid email'],
  ])('email %j -> %s', (email, message) => {
    expect(errorsOf(ZLogin.safeParse({ email, password: 'secret' })).email).toEqual([message]);
  });
  it('password is required with min length 2 (Invalid password)', () => {
    expect(errorsOf(ZLogin.safeParse({ email: 'a@b.co', password: 'x' })).password).toEqual([
      MSG.invalidPassword,
    ]);
    expect(errorsOf(ZLogin.safeParse({ email: 'a@b.co' })).password).toEqual([MSG.invalidPassword]);
    expect(ZLogin.safeParse({ email: 'a@b.co', password: 'xy' }).success).toBe(true);
  });
});

describe('referral sign-up (ZRegister)', () => {
  const ok = { first_name: 'Ann', last_name: 'Lee', email: 'ann@example.com', password: '12345678' };
  it('accepts a valid form, trims values, upper-cases the referral code', () => {
    expect(ZRegister.parse({ ...ok, first_name: ' Ann ', referral_code: ' demo123 ' })).toEqual({
      ...ok,
      referral_code: 'DEMO123',
    });
    expect(ZRegister.parse({ ...ok, referral_code: '' }).referral_code).toBeNull();
    expect(ZRegister.parse(ok).referral_code).toBeNull();
  });
  it('answers each field with its spec message', () => {
    expect(
      errorsOf(
        ZRegister.safeParse({
          first_name: ' ',
          last_name: '',
          email: 'bad',
          password: '1234567',
          referral_code: 'ABCDEF',
        }),
      ),
    ).toEqual({
      first_name: [MSG.invalidFirstName],
      last_name: [MSG.invalidLastName],
      email: [MSG.invalidEmail],
      password: [MSG.invalidPassword],
      referral_code: [MSG.referralCodeMissing],
    });
  });
  it('password needs at least 8 characters; names at most 60', () => {
    expect(ZRegister.safeParse({ ...ok, password: '12345678' }).success).toBe(true);
    expect(errorsOf(ZRegister.safeParse({ ...ok, first_name: 'x'.repeat(61) })).first_name).toEqual([
      MSG.maxLength60,
    ]);
  });
  it('the referral code is exactly 7 characters', () => {
    expect(errorsOf(ZRegister.safeParse({ ...ok, referral_code: 'ABCDEFGH' })).referral_code).toEqual([
      MSG.referralCodeMissing,
    ]);
    expect(ZRegister.safeParse({ ...ok, referral_code: 'ABCDEFG' }).success).toBe(true);
  });
});

describe('password changes', () => {
  it('minimum length is 8 for customers and 6 for everyone else', () => {
    expect(minPasswordLength('customer')).toBe(8);
    expect(minPasswordLength('labor')).toBe(6);
    expect(minPasswordLength('staff')).toBe(6);
    expect(minPasswordLength('admin')).toBe(6);
  });
  it('ZUpdatePassword requires both fields; new at least 6', () => {
    expect(errorsOf(ZUpdatePassword.safeParse({}))).toEqual({
      old_password: [MSG.fieldRequired],
      new_password: [MSG.fieldRequired],
    });
    expect(errorsOf(ZUpdatePassword.safeParse({ old_password: 'a', new_password: '12345' }))).toEqual({
      new_password: [MSG.passwordMin6],
    });
    expect(ZUpdatePassword.safeParse({ old_password: 'a', new_password: '123456' }).success).toBe(true);
  });
  it('the change form needs old, new and a matching confirmation', () => {
    const labor = passwordChangeForm(6);
    expect(
      errorsOf(labor.safeParse({ old_password: '', new_password: '', confirm_password: '' })),
    ).toMatchObject({
      old_password: [MSG.fieldRequired],
      confirm_password: [MSG.fieldRequired],
    });
    expect(
      errorsOf(labor.safeParse({ old_password: 'x', new_password: '123456', confirm_password: '1234567' })),
    ).toEqual({
      confirm_password: [MSG.passwordsDoNotMatch],
    });
    expect(
      errorsOf(
        passwordChangeForm(8).safeParse({
          old_password: 'x',
          new_password: '1234567',
          confirm_password: '1234567',
        }),
      ),
    ).toEqual({
      new_password: [MSG.passwordMin8],
    });
  });
  it('a reset needs a token and at least 8 characters', () => {
    expect(errorsOf(ZResetPassword.safeParse({ token: 'short', password: '1234567' }))).toEqual({
      token: [MSG.resetLinkInvalid],
      password: [MSG.passwordMin8],
    });
  });
});

describe('profile update (ZUserUpdate)', () => {
  it('checks the phone mask and names', () => {
    expect(errorsOf(ZUserUpdate.safeParse({ phone: '(310) 555-0199', first_name: '' }))).toEqual({
      phone: [MSG.invalidPhone],
      first_name: [MSG.invalidFirstName],
    });
    expect(ZUserUpdate.safeParse({ phone: '+1 (310) - 555 - 0199' }).success).toBe(true);
    expect(ZUserUpdate.safeParse({ phone: null }).success).toBe(true);
  });
});
