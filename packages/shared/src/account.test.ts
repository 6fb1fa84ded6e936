import { describe, expect, it } from 'vitest';
import { ACCOUNT_MSG, ZDeleteAccount, ZLaborNotificationSettings, ZSsn, ZVehicleYear } from './account.ts';

describe('account schemas', () => {
  it('an SSN is nine digits, with or without the dashes, stored as digits', () => {
    expect(ZSsn.parse('123-45-6789')).toBe('123456789');
    expect(ZSsn.parse(' 123456789 ')).toBe('123456789');
    for (const bad of ['12345678', '1234567890', '123-45-678a', '123 45 6789', '12-345-6789'])
      expect(ZSsn.safeParse(bad).error?.issues[0]?.message, bad).toBe(ACCOUNT_MSG.ssn);
  });

  it('a vehicle year is exactly four digits', () => {
    expect(ZVehicleYear.parse('2019')).toBe(2019);
    expect(ZVehicleYear.parse(2019)).toBe(2019);
    for (const bad of ['199', '20190', '19a9', 199, 2019.5, '0x7e3'])
      expect(ZVehicleYear.safeParse(bad).success, String(bad)).toBe(false);
  });

  it('closing an account needs the word delete', () => {
    expect(ZDeleteAccount.safeParse({ confirmation: 'delete' }).success).toBe(true);
    expect(ZDeleteAccount.safeParse({ confirmation: 'Delete it' }).success).toBe(false);
    expect(ZDeleteAccount.safeParse({}).success).toBe(false);
  });

  it('the e-mail choices are strict flags', () => {
    expect(
      ZLaborNotificationSettings.parse({ new_delivery: 0, delivery_updates: 'true', payouts: true }),
    ).toEqual({
      new_delivery: false,
      delivery_updates: true,
      payouts: true,
    });
    expect(
      ZLaborNotificationSettings.safeParse({ new_delivery: 'no', delivery_updates: 1, payouts: 1 }).success,
    ).toBe(false);
  });
});
