import { ACCOUNT_MSG } from '@haulpro/shared/account';
import type { TUser } from '@haulpro/shared/user';
import type { TDeps } from '../../context.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import type { TUsersService } from '../users/users.service.ts';
import { startSession, uniqueReferralCode } from './auth.service.ts';
import { createGoogleVerifier, type TGoogleIdentity } from './google-id-token.ts';

/** Not a scrypt hash, so no password ever matches it: the account signs in through Google only. */
export const NO_PASSWORD = '!google';

const GOOGLE_EMAIL_UNVERIFIED = 'Google has not verified this email address.';

function namesOf(id: TGoogleIdentity): { firstName: string; lastName: string } {
  const [first, ...rest] = (id.name ?? '').split(/\s+/).filter(Boolean);
  const firstName = (id.givenName ?? first ?? id.email.split('@')[0] ?? 'Google').slice(0, 60);
  const lastName = (id.familyName ?? (rest.join(' ') || 'User')).slice(0, 60);
  return { firstName, lastName };
}

/**
 * POST google/auth/login-via-token (decision 021): a Google ID token, verified cryptographically,
 * signs in the account with its (Google-verified) e-mail, or creates a customer account for it.
 */
export function createGoogleSignInService(
  deps: TDeps,
  users: Pick<
    TUsersService,
    'findUserByEmail' | 'insertUser' | 'updateUser' | 'findUserByReferralCode' | 'view'
  >,
) {
  const { db, config, clock } = deps;
  const verifier = config.google ? createGoogleVerifier({ ...config.google, now: () => clock.now() }) : null;

  return {
    clientId: config.google?.clientId ?? null,

    async login(token: string): Promise<{ user: TUser; token: string }> {
      if (!verifier) throw new AppError('bad_request', ACCOUNT_MSG.googleOff);
      const checked = await verifier.verify(token);
      if (!checked.ok) {
        deps.log.info({ reason: checked.reason }, 'Google ID token refused');
        throw invalid({ token: [ACCOUNT_MSG.googleToken] });
      }
      const id = checked.identity;
      if (!id.emailVerified) throw invalid({ token: [GOOGLE_EMAIL_UNVERIFIED] });
      let user = await users.findUserByEmail(db, id.email);
      if (!user) {
        const { firstName, lastName } = namesOf(id);
        user = await db.transaction(async (tx) =>
          users.insertUser(tx, {
            firstName,
            lastName,
            email: id.email,
            passwordHash: NO_PASSWORD,
            role: 'customer',
            isEmailVerified: true,
            referralCode: await uniqueReferralCode(users, tx),
          }),
        );
        // Lost a race with a second sign-in for the same address: that account is the one.
        user ??= await users.findUserByEmail(db, id.email);
        if (!user) throw invalid({ token: [ACCOUNT_MSG.googleToken] });
      } else if (!user.isEmailVerified) {
        // Google vouches for the mailbox, as a followed verification link would.
        user = (await users.updateUser(db, user.id, { isEmailVerified: true })) ?? user;
      }
      return { user: users.view(user), token: await startSession(deps, db, user.id) };
    },
  };
}

export type TGoogleSignInService = ReturnType<typeof createGoogleSignInService>;
