/**
 * The payment methods with their own icon (spec constants: Visa, PayPal, Mastercard, Venmo,
 * Zelle, Google Pay, Apple Pay, MoneyGram). A method's name picks its icon, whatever its case,
 * spacing or punctuation ("paypal", "Pay Pal", "Master Card", "GooglePay", "Apple-Pay");
 * any other name gets the generic icon.
 */
export const PAYMENT_METHOD_BRANDS = [
  'visa',
  'paypal',
  'mastercard',
  'venmo',
  'zelle',
  'googlepay',
  'applepay',
  'moneygram',
] as const;
export type TPaymentBrand = (typeof PAYMENT_METHOD_BRANDS)[number];

/** The label each brand is shown with. */
export const PAYMENT_BRAND_LABEL: Record<TPaymentBrand, string> = {
  visa: 'Visa',
  paypal: 'PayPal',
  mastercard: 'Mastercard',
  venmo: 'Venmo',
  zelle: 'Zelle',
  googlepay: 'Google Pay',
  applepay: 'Apple Pay',
  moneygram: 'MoneyGram',
};

/** Other ways people write the same brands (after lower-casing and dropping non-letters). */
const ALIASES: Record<string, TPaymentBrand> = { gpay: 'googlepay', mc: 'mastercard' };

/** The brand a method's name stands for, or null for the generic icon. */
export function paymentMethodBrand(name: string): TPaymentBrand | null {
  const key = name
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[^a-z]/g, '');
  if (key === '') return null;
  if ((PAYMENT_METHOD_BRANDS as readonly string[]).includes(key)) return key as TPaymentBrand;
  return ALIASES[key] ?? null;
}
