import type { TUser } from '@haulpro/shared/user';
import type { TUserRow } from './users.repository.ts';

/** The wire shape of a user (spec: User entity); never includes the password hash. */
export function toUserView(u: TUserRow): TUser {
  return {
    id: u.id,
    first_name: u.firstName,
    last_name: u.lastName,
    email: u.email,
    phone: u.phone,
    image: u.image,
    role: u.role,
    is_email_verified: u.isEmailVerified,
    isCustomer: u.role === 'customer',
    isLabor: u.role === 'labor',
    isAdmin: u.role === 'admin',
    company_id: u.companyId,
    referral_code: u.referralCode,
    sms_opt_in: u.smsOptIn,
  };
}
