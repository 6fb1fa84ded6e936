import { REFERRAL_CREDIT_DEFAULT } from '@haulpro/shared/referral';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';

describe('REFERRAL_CREDIT', () => {
  it('is whole dollars, read strictly; unset is the default', () => {
    expect(loadConfig({}).referralCreditCents).toBe(REFERRAL_CREDIT_DEFAULT * 100);
    expect(loadConfig({ REFERRAL_CREDIT: '40' }).referralCreditCents).toBe(4000);
    for (const bad of ['0x19', '2.5', ' 25', '0', '1001', 'twenty'])
      expect(() => loadConfig({ REFERRAL_CREDIT: bad }), bad).toThrow(/REFERRAL_CREDIT/);
  });
});
