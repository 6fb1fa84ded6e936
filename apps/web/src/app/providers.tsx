import { MantineProvider } from '@mantine/core';
import { notificationsStore } from '@mantine/notifications';
import { QueryClientProvider } from '@tanstack/react-query';
import { lazy, type ReactNode, Suspense, useEffect, useState } from 'react';
import { withAllStyles } from '../lib/all-styles.ts';
import { queryClient } from '../lib/query-client.ts';
import { LiveUpdates } from './live-updates.tsx';
import { cssVariablesResolver, theme } from './theme.ts';

const Toasts = lazy(() => withAllStyles(import('./toasts.tsx')).then((m) => ({ default: m.Toasts })));

const anyToast = () => {
  const s = notificationsStore.getState();
  return s.notifications.length > 0 || s.queue.length > 0;
};

/**
 * The toast host downloads with the first toast, not with the page: most visits raise none.
 * A toast raised before it arrives waits in the store and shows as the host mounts.
 */
function ToastHost() {
  const [wanted, setWanted] = useState(anyToast);
  useEffect(() => {
    if (wanted) return;
    const unsubscribe = notificationsStore.subscribe(() => {
      if (anyToast()) setWanted(true);
    });
    if (anyToast()) setWanted(true);
    return unsubscribe;
  }, [wanted]);
  return wanted ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}

/** Theme, server state and toasts. Confirm dialogs: `layouts/modals-outlet.tsx`. */
export function Providers({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
      <QueryClientProvider client={queryClient}>
        <ToastHost />
        <LiveUpdates />
        {children}
      </QueryClientProvider>
    </MantineProvider>
  );
}
