import { homePathFor } from '@haulpro/shared/navigation';
import type { TRole } from '@haulpro/shared/user';
import { Navigate, Outlet } from 'react-router';
import { useSession } from '../../lib/auth-store.ts';

/** Pages for some roles only; anybody else goes to their own home. Use inside RequireAuth. */
export function RequireRole({ roles }: { roles: readonly TRole[] }) {
  const { user } = useSession();
  if (!roles.includes(user.role)) return <Navigate to={homePathFor(user.role)} replace />;
  return <Outlet />;
}
