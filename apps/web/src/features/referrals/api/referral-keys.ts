/** Every referrals query starts with 'referrals': one invalidation refreshes the page. */
export const referralKeys = {
  all: ['referrals'] as const,
};
