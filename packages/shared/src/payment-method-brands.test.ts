import { describe, expect, it } from 'vitest';
import { PAYMENT_BRAND_LABEL, PAYMENT_METHOD_BRANDS, paymentMethodBrand } from './payment-method-brands.ts';

describe('paymentMethodBrand', () => {
  it('knows the eight brands of the spec, by their own label', () => {
    expect(PAYMENT_METHOD_BRANDS).toHaveLength(8);
    expect(Object.values(PAYMENT_BRAND_LABEL)).toEqual([
      'Visa',
      'PayPal',
      'Mastercard',
      'Venmo',
      'Zelle',
      'Google Pay',
      'Apple Pay',
      'MoneyGram',
    ]);
    for (const brand of PAYMENT_METHOD_BRANDS)
      expect(paymentMethodBrand(PAYMENT_BRAND_LABEL[brand])).toBe(brand);
  });

  it.each([
    ['visa', 'visa'],
    ['VISA', 'visa'],
    ['  Visa ', 'visa'],
    ['paypal', 'paypal'],
    ['Pay Pal', 'paypal'],
    ['PAYPAL', 'paypal'],
    ['Master Card', 'mastercard'],
    ['master-card', 'mastercard'],
    ['MC', 'mastercard'],
    ['venmo', 'venmo'],
    ['ZELLE', 'zelle'],
    ['google pay', 'googlepay'],
    ['GooglePay', 'googlepay'],
    ['GPay', 'googlepay'],
    ['apple pay', 'applepay'],
    ['Apple-Pay', 'applepay'],
    ['applepay', 'applepay'],
    ['Money Gram', 'moneygram'],
    ['moneygram', 'moneygram'],
    ['ＶＩＳＡ', 'visa'],
  ] as const)('%j is %s', (name, brand) => {
    expect(paymentMethodBrand(name)).toBe(brand);
  });

  it.each([
    '',
    '   ',
    'Cash',
    'Check',
    'Visa Debit',
    'Venmo or Zelle',
    'Pay',
    'Apple',
    'Google',
    'Card',
    '123',
    'Visas',
    '<script>visa</script>',
  ])('%j gets the generic icon', (name) => {
    expect(paymentMethodBrand(name)).toBeNull();
  });
});
