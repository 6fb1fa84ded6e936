/** The offer fields the form shows server errors under (the rest are toasted). */
export const DISCOUNT_FIELDS = ['date', 'is_discount', 'is_value_percentage', 'value'] as const;
export type TDiscountField = (typeof DISCOUNT_FIELDS)[number];
