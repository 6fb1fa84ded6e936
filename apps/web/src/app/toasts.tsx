import { TOAST_MS } from '@haulpro/shared/constants';
import { Notifications } from '@mantine/notifications';
import '@mantine/notifications/styles.css';

/** Toasts: top right, 3 seconds (spec section 8). */
export function Toasts() {
  return <Notifications position="top-right" autoClose={TOAST_MS} zIndex={1000} />;
}
