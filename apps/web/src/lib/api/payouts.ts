import type { TPayoutAccount, TPayoutsView } from '@haulpro/shared/payouts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../api-client.ts';

/*
 * Money that reaches the providers (decision 028): the payout account (Stripe Connect) and the
 * payout ledger. The company's staff and the helpers read the same calls: the server answers for
 * the company or the helper the session belongs to.
 */

export type TPayoutPeriodKind = TPayoutsView['period'];

export const payoutAccountKey = ['payout-account'] as const;
export const payoutsKeys = {
  all: ['payouts'] as const,
  view: (period: TPayoutPeriodKind) => ['payouts', period] as const,
};

/** How often the state is asked again while Stripe's webhook is on its way, and for how long. */
export const CONNECT_POLL_MS = 3_000;
export const CONNECT_POLL_FOR_MS = 60_000;

/** GET payout-account: not connected, needs information or active, and whether card payouts are on. */
export function getPayoutAccount(signal?: AbortSignal): Promise<TPayoutAccount> {
  return api.get<TPayoutAccount>('payout-account', { signal });
}

/** `poll`: ask every 3 s (after returning from Stripe, until the webhook lands). */
export function usePayoutAccount(poll = false) {
  return useQuery({
    queryKey: payoutAccountKey,
    queryFn: ({ signal }) => getPayoutAccount(signal),
    refetchInterval: poll ? CONNECT_POLL_MS : false,
  });
}

/** POST payout-account/link: a one-time address of Stripe's onboarding; the browser goes there. */
export function usePayoutAccountLink() {
  return useMutation({
    mutationFn: () => api.post<{ url: string }>('payout-account/link', {}),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}

/** GET payouts?period=: the jobs, the totals and the sums by week or month. */
export function getPayouts(period: TPayoutPeriodKind, signal?: AbortSignal): Promise<TPayoutsView> {
  return api.whole<TPayoutsView>('payouts', { signal, query: { period } });
}

export function usePayouts(period: TPayoutPeriodKind) {
  return useQuery({
    queryKey: payoutsKeys.view(period),
    queryFn: ({ signal }) => getPayouts(period, signal),
    // The jobs stay on screen while the other grouping loads.
    placeholderData: (previous) => previous,
  });
}
