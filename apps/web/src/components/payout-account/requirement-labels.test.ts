import { describe, expect, it } from 'vitest';
import { deSnake, requirementLabel, requirementLabels } from './requirement-labels.ts';

describe('Stripe requirements in words', () => {
  it('names the fields a mover knows', () => {
    expect(requirementLabel('individual.dob.day')).toBe('Date of birth');
    expect(requirementLabel('external_account')).toBe('Bank account');
    expect(requirementLabel('individual.address.postal_code')).toBe('Home address');
    expect(requirementLabel('individual.ssn_last_4')).toBe('Last 4 digits of the Social Security number');
    expect(requirementLabel('tos_acceptance.date')).toBe("Accept Stripe's terms");
    expect(requirementLabel('company.address.city')).toBe('Business address');
    expect(requirementLabel('company.tax_id')).toBe('Employer ID (EIN)');
  });

  it('says whose field it is for a company representative or another person', () => {
    expect(requirementLabel('representative.dob.year')).toBe('Representative: date of birth');
    expect(requirementLabel('person_1NAbc.verification.document')).toBe('Company person: photo ID');
  });

  it('shows unknown keys de-snaked', () => {
    expect(requirementLabel('business_profile.support_url')).toBe('Business profile support url');
    expect(requirementLabel('individual.political_exposure')).toBe('Political exposure');
    expect(deSnake('some_new.field_name')).toBe('Some new field name');
  });

  it('lists each line once, in order', () => {
    expect(
      requirementLabels([
        'individual.dob.day',
        'individual.dob.month',
        'external_account',
        'individual.dob.year',
      ]),
    ).toEqual(['Date of birth', 'Bank account']);
    expect(requirementLabels([])).toEqual([]);
  });
});
