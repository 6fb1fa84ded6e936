import { afterLoginPath, homePathFor } from '@haulpro/shared/navigation';
import { useEffect } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { clearSavedAddress, readSavedAddress } from '../../lib/saved-address.ts';

/**
 * Sign-in, sign-up and forgot-password. A signed-in user goes to the address saved before
 * sign-in if there is one, otherwise to their dashboard; this is also how a fresh sign-in
 * leaves the login page.
 */
export function GuestOnly() {
  const auth = useAuth();
  if (auth.status === 'authenticated') {
    const target = afterLoginPath(readSavedAddress(), homePathFor(auth.session.user.role));
    return <LeaveTo target={target} />;
  }
  return <Outlet />;
}

function LeaveTo({ target }: { target: string }) {
  // The saved address is used once.
  useEffect(() => clearSavedAddress(), []);
  return <Navigate to={target} replace />;
}
