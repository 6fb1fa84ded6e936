import type { TLogin, TRegister, TResetPassword, TUpdatePassword } from '@haulpro/shared/auth';
import { minPasswordLength } from '@haulpro/shared/auth';
import {
  EMAIL_VERIFICATION_TTL_SECONDS,
  PASSWORD_RESET_TTL_SECONDS,
  TOKEN_LIFETIME_SECONDS,
} from '@haulpro/shared/constants';
import { MSG, tooManyLoginsMessage } from '@haulpro/shared/messages';
import type { TUser } from '@haulpro/shared/user';
import type { TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import { passwordResetMail, verifyEmailMail } from '../../mail/templates.ts';
import type { TReferralsService } from '../referrals/referrals.service.ts';
import type { TUserRow, TUsersService } from '../users/users.service.ts';
import {
  consumeUserToken,
  createSession,
  deleteSession,
  deleteUserSessions,
  deleteUserTokens,
  insertUserToken,
  latestUserToken,
  retireUserTokens,
  type TUserTokenKind,
} from './auth.repository.ts';
import { createLoginLimiter } from './login-limiter.ts';
import { hashPassword, timingDummyHash, verifyPassword } from './passwords.ts';
import { hashToken, newReferralCode, newToken } from './tokens.ts';

/** Thrown to roll back a reset's transaction that has no mail to send. */
class NothingToSend extends Error {}

/** One reset or verification e-mail per account per minute, so nobody can flood a mailbox. */
const MAIL_THROTTLE_MS = 60_000;

export type TAuthService = ReturnType<typeof createAuthService>;

/** What the auth module asks of the users module (the users table is that module's). */
export type TAuthUsers = Pick<
  TUsersService,
  | 'findCompany'
  | 'findUserByEmail'
  | 'findUserById'
  | 'findUserByReferralCode'
  | 'insertUser'
  | 'listCompanyBranches'
  | 'updateUser'
  | 'view'
>;

export function createAuthService(
  deps: TDeps,
  users: TAuthUsers,
  referrals: Pick<TReferralsService, 'recordReferredSignUp'>,
) {
  const { db, clock, config, mailer } = deps;
  const limiter = createLoginLimiter(
    { db, clock, counters: deps.limits },
    config.loginLimitPerIp,
    config.loginLimitPerEmail,
  );
  const plusSeconds = (s: number) => new Date(clock.now().getTime() + s * 1000);

  async function sessionView(user: TUserRow) {
    const company = user.companyId ? ((await users.findCompany(db, user.companyId)) ?? null) : null;
    const branchList = company ? await users.listCompanyBranches(db, company.id) : [];
    return { user: users.view(user), company, branches: branchList };
  }

  const issueLinkToken = (tx: TDb | TTx, userId: number, kind: TUserTokenKind, ttl: number, decoy = false) =>
    issueUserLinkToken(deps, tx, userId, kind, ttl, decoy);
  const sendVerification = (tx: TDb | TTx, user: TUserRow) => queueVerificationMail(deps, tx, user);

  async function recentlyMailed(userId: number, kind: TUserTokenKind) {
    const last = await latestUserToken(db, userId, kind);
    return !!last && clock.now().getTime() - last.createdAt.getTime() < MAIL_THROTTLE_MS;
  }

  return {
    /** For other modules' e-mailed links (review invitations): a fresh token and the hash to store. */
    newToken,
    hashToken,

    sessionView,

    /** Forgets sign-in addresses unused for 30 days, one batch; answers how many went (the job loops). */
    sweepKnownAddresses: (batch: number) => limiter.sweepKnownAddresses(batch),

    async login(input: TLogin & { email: string }, ip: string) {
      const email = input.email.toLowerCase();
      const attempt = await limiter.attempt(ip, email);
      const wait = attempt.retryAfter;
      if (wait > 0) throw new AppError('rate_limited', tooManyLoginsMessage(wait), undefined, wait);

      const user = await users.findUserByEmail(db, email);
      const okPassword = await verifyPassword(
        input.password,
        user?.passwordHash ?? (await timingDummyHash()),
      );
      // A failure stays counted (the limiter counted it before the check).
      if (!user || !okPassword) {
        // The same answer for an unknown e-mail and a wrong password: no hint about which accounts exist.
        throw invalid({ email: [MSG.invalidCredentials] });
      }
      await attempt.succeeded();
      const token = newToken();
      await createSession(db, user.id, hashToken(token), plusSeconds(TOKEN_LIFETIME_SECONDS));
      return { ...(await sessionView(user)), token };
    },

    async logout(sessionId: number) {
      await deleteSession(db, sessionId);
    },

    async updatePassword(user: TUserRow, sessionId: number, input: TUpdatePassword) {
      const min = minPasswordLength(user.role);
      if (input.new_password.length < min) {
        throw invalid({ new_password: [min === 8 ? MSG.passwordMin8 : MSG.passwordMin6] });
      }
      if (!(await verifyPassword(input.old_password, user.passwordHash))) {
        throw invalid({ old_password: [MSG.wrongOldPassword] });
      }
      if (input.old_password === input.new_password) {
        throw invalid({ new_password: [MSG.samePassword] });
      }
      const passwordHash = await hashPassword(input.new_password);
      await db.transaction(async (tx) => {
        await users.updateUser(tx, user.id, { passwordHash });
        // Other devices signed in with the old password are signed out; this one stays.
        await deleteUserSessions(tx, user.id, sessionId);
      });
    },

    /**
     * Always the same answer, whether or not the account exists, and the same reads, token, mail
     * and transaction whether or not a link goes out (decision 001: timing reveals nothing).
     * Without an account, or within a minute of the last link, the transaction does its work on
     * no row and is rolled back.
     */
    async requestPasswordReset(email: string) {
      const user = await users.findUserByEmail(db, email);
      const throttled = await recentlyMailed(user?.id ?? 0, 'password_reset');
      const to = user && !throttled ? user : null;
      await db
        .transaction(async (tx) => {
          const token = await issueLinkToken(
            tx,
            to?.id ?? 0,
            'password_reset',
            PASSWORD_RESET_TTL_SECONDS,
            !to,
          );
          const url = `${config.publicUrl}/reset-password?token=${encodeURIComponent(token)}`;
          const mail = passwordResetMail(to?.email ?? email, to?.firstName ?? email, url);
          if (!to) {
            // A read on no row in place of the mail's write, so both paths make as many round trips.
            await latestUserToken(tx, 0, 'password_reset');
            throw new NothingToSend();
          }
          await mailer.enqueue(tx, mail);
        })
        .catch((err: unknown) => {
          if (!(err instanceof NothingToSend)) throw err;
        });
      if (to) mailer.kick();
      return MSG.resetLinkSent;
    },

    async resetPassword(input: TResetPassword) {
      const passwordHash = await hashPassword(input.password);
      const done = await db.transaction(async (tx) => {
        const claimed = await consumeUserToken(tx, 'password_reset', hashToken(input.token), clock.now());
        if (!claimed) return false;
        // Following the e-mailed link proves the mailbox, so the e-mail counts as verified.
        await users.updateUser(tx, claimed.userId, { passwordHash, isEmailVerified: true });
        await deleteUserSessions(tx, claimed.userId);
        return true;
      });
      if (!done) throw invalid({ token: [MSG.resetLinkInvalid] });
      return MSG.passwordResetDone;
    },

    async register(input: TRegister & { email: string; referral_code: string | null }): Promise<TUser> {
      if (await users.findUserByEmail(db, input.email)) throw invalid({ email: [MSG.emailTaken] });
      const code = input.referral_code;
      // Checked before the password is hashed; recordReferredSignUp checks it again in the transaction.
      if (code && !(await users.findUserByReferralCode(db, code)))
        throw invalid({ referral_code: [MSG.referralCodeMissing] });
      const passwordHash = await hashPassword(input.password);
      const user = await db.transaction(async (tx) => {
        const row = await users.insertUser(tx, {
          firstName: input.first_name,
          lastName: input.last_name,
          email: input.email,
          passwordHash,
          role: 'customer',
          referralCode: await uniqueReferralCode(users, tx),
        });
        // Two sign-ups racing for one address: the unique index lets exactly one through.
        if (!row) throw invalid({ email: [MSG.emailTaken] });
        // The referrer's invitation turns Responded (decision 022).
        if (code)
          await referrals.recordReferredSignUp(tx, {
            userId: row.id,
            email: row.email,
            code,
            now: clock.now(),
          });
        await sendVerification(tx, row);
        return row;
      });
      mailer.kick();
      return users.view(user);
    },

    async verifyEmail(token: string) {
      const done = await db.transaction(async (tx) => {
        const claimed = await consumeUserToken(tx, 'email_verification', hashToken(token), clock.now());
        if (!claimed) return false;
        await users.updateUser(tx, claimed.userId, { isEmailVerified: true });
        return true;
      });
      if (!done) throw invalid({ token: [MSG.verifyLinkInvalid] });
      return MSG.emailVerified;
    },

    async resendVerification(user: TUserRow) {
      if (user.isEmailVerified) return MSG.emailVerified;
      if (await recentlyMailed(user.id, 'email_verification')) {
        throw new AppError('rate_limited', MSG.tooManyRequests, undefined, 60);
      }
      await db.transaction((tx) => sendVerification(tx, user));
      mailer.kick();
      return MSG.verificationSent;
    },

    findUserById: (id: number) => users.findUserById(db, id),

    // For other modules, in their transaction (the mailer is kicked after their commit).
    sendVerification,
    /** A closed account keeps no session and no e-mailed link. */
    async forgetUser(tx: TTx, userId: number): Promise<void> {
      await deleteUserSessions(tx, userId);
      await deleteUserTokens(tx, userId);
    },
  };
}

async function issueUserLinkToken(
  { clock }: Pick<TDeps, 'clock'>,
  tx: TDb | TTx,
  userId: number,
  kind: TUserTokenKind,
  ttl: number,
  /** Do the same work on no account (a reset asked for an unknown address): nothing is written. */
  decoy = false,
) {
  const token = newToken();
  await retireUserTokens(tx, userId, kind, clock.now());
  if (decoy) {
    hashToken(token);
    await latestUserToken(tx, userId, kind);
    return token;
  }
  await insertUserToken(tx, {
    userId,
    kind,
    tokenHash: hashToken(token),
    expiresAt: new Date(clock.now().getTime() + ttl * 1000),
    createdAt: clock.now(),
  });
  return token;
}

/** The e-mail with the verification link, queued in the caller's transaction (kick the mailer after commit). */
export async function queueVerificationMail(
  deps: Pick<TDeps, 'clock' | 'config' | 'mailer'>,
  tx: TDb | TTx,
  user: TUserRow,
) {
  const token = await issueUserLinkToken(
    deps,
    tx,
    user.id,
    'email_verification',
    EMAIL_VERIFICATION_TTL_SECONDS,
  );
  const url = `${deps.config.publicUrl}/verify-email?token=${encodeURIComponent(token)}`;
  await deps.mailer.enqueue(tx, verifyEmailMail(user.email, user.firstName, url));
}

/** A new session for a user; answers the bearer token (only its hash is stored). */
export async function startSession(deps: Pick<TDeps, 'clock'>, db: TDb | TTx, userId: number) {
  const token = newToken();
  const expiresAt = new Date(deps.clock.now().getTime() + TOKEN_LIFETIME_SECONDS * 1000);
  await createSession(db, userId, hashToken(token), expiresAt);
  return token;
}

export async function uniqueReferralCode(
  users: Pick<TUsersService, 'findUserByReferralCode'>,
  tx: TDb | TTx,
): Promise<string> {
  for (;;) {
    const code = newReferralCode();
    if (!(await users.findUserByReferralCode(tx, code))) return code;
  }
}
