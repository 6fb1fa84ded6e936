import type { TLaborProfile } from '@haulpro/shared/account';
import type { TUser } from '@haulpro/shared/user';
import { getAuthState } from '../../../lib/auth-store.ts';

/** The signed-in user with the name, e-mail, phone and photo just saved on the profile. */
export function checkSessionUser(saved: TLaborProfile): TUser | null {
  const state = getAuthState();
  if (state.status !== 'authenticated' || state.session.user.id !== saved.id) return null;
  const { first_name, last_name, email, phone } = saved.personal;
  return { ...state.session.user, first_name, last_name, email, phone, image: saved.image };
}
