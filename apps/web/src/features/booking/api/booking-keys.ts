/** Query keys of the booking site; every key starts with 'booking'. */
export const bookingKeys = {
  all: ['booking'] as const,
  helpers: (query: Record<string, string>) => ['booking', 'helpers', query] as const,
  coupon: (code: string) => ['booking', 'coupon', code] as const,
  quote: (branchId: number, query: Record<string, string>) => ['booking', 'quote', branchId, query] as const,
};
