import { redirectForDashboard } from '@haulpro/shared/navigation';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useSession } from '../../lib/auth-store.ts';

/** /, /deliveries and /movings: staff see the tabs; customers, labor and admins go to their own home. */
export function CompanyDashboardGuard() {
  const { user } = useSession();
  const { pathname, search } = useLocation();
  const target = redirectForDashboard(user.role, pathname);
  if (target) return <Navigate to={target === '/deliveries' ? `${target}${search}` : target} replace />;
  return <Outlet />;
}
