/**
 * Query keys of one branch's pricing. Everything of a branch sits under ['pricing', id], so a
 * change can refresh the price preview (which depends on all of it) by prefix.
 */
export const pricingKeys = {
  all: ['pricing'] as const,
  branch: (branchId: number) => ['pricing', branchId] as const,
  services: (branchId: number) => ['pricing', branchId, 'services'] as const,
  discounts: (branchId: number) => ['pricing', branchId, 'discounts'] as const,
  discountRange: (branchId: number, from: string, to: string | null) =>
    ['pricing', branchId, 'discounts', from, to] as const,
  settings: (branchId: number) => ['pricing', branchId, 'settings'] as const,
  quotes: (branchId: number) => ['pricing', branchId, 'quote'] as const,
  quote: (branchId: number, request: unknown) => ['pricing', branchId, 'quote', request] as const,
};
