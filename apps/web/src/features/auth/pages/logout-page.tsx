import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { FullPageLoader } from '../../../components/full-page-loader.tsx';
import { usePageTitle } from '../../../components/use-page-title.ts';
import { logout } from '../../../lib/api/logout.ts';
import { clearSavedAddress } from '../../../lib/saved-address.ts';

/** /user-logout: revokes the token, forgets it everywhere (which stops polling) and goes to sign in. */
export function LogoutPage() {
  usePageTitle('Signing out');
  const navigate = useNavigate();
  useEffect(() => {
    let active = true;
    clearSavedAddress();
    void logout().then(() => {
      if (active) navigate('/login', { replace: true });
    });
    return () => {
      active = false;
    };
  }, [navigate]);
  return <FullPageLoader label="Signing you out…" />;
}
