import { MantineProvider } from '@mantine/core';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense } from 'react';
import { queryClient } from '../lib/query-client.ts';
import { cssVariablesResolver, theme } from './theme.ts';

// The toast host loads right after the first paint; a toast raised before it waits in the store.
const Toasts = lazy(() => import('./toasts.tsx').then((m) => ({ default: m.Toasts })));

/** Theme, server state and toasts. Confirm dialogs: `layouts/modals-outlet.tsx`. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <Suspense fallback={null}>
          <Toasts />
        </Suspense>
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
