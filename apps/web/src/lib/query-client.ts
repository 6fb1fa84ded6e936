import { QueryClient } from '@tanstack/react-query';

/**
 * Errors are already toasted by the API client, so queries do not retry (a retry would
 * toast twice) and do not refetch on focus (the notification bell polls on its own).
 */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 },
    mutations: { retry: false },
  },
});
