import { useEffect } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../lib/auth-store.ts';
import { saveAddress } from '../../lib/saved-address.ts';

/**
 * Pages behind a session. An anonymous visitor has the address (path and query) saved and
 * goes to sign in; the same happens when a 401 ends the session on this page.
 */
export function RequireAuth() {
  const auth = useAuth();
  if (auth.status !== 'authenticated') return <RedirectToLogin />;
  return <Outlet />;
}

function RedirectToLogin() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    saveAddress(`${pathname}${search}`);
    navigate('/login', { replace: true });
  }, [pathname, search, navigate]);
  return null;
}
