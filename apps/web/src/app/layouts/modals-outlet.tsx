import { ModalsProvider } from '@mantine/modals';
import { Outlet } from 'react-router';

/**
 * Confirm dialogs (`modals.openConfirmModal`) for every signed-in page. It is a lazy route of
 * its own so the public entry pages (sign-in, helper list, company page) do not download
 * the modal manager before their first paint.
 */
export function ModalsOutlet() {
  return (
    <ModalsProvider>
      <Outlet />
    </ModalsProvider>
  );
}
