import type { TAuth } from '../context.ts';
import { forbidden } from '../domain/errors.ts';

/** Staff act for their own company only; anyone else is refused. */
export function staffCompanyId(auth: TAuth): number {
  if (auth.user.role !== 'staff' || !auth.user.companyId) throw forbidden();
  return auth.user.companyId;
}
