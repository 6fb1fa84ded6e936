import {
  LABOR_SERVICE_AREA_DEFAULT,
  type TSignedIn,
  type ZRegisterLabor,
  type ZRegisterMover,
} from '@haulpro/shared/account';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import { MSG } from '@haulpro/shared/messages';
import type { z } from 'zod';
import type { TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { AppError, invalid } from '../../domain/errors.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import type { TCoverageIndex } from '../geo/coverage-index.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TLaborService } from '../labor/labor.service.ts';
import type { TReferralsService } from '../referrals/referrals.service.ts';
import type { TUserRow, TUsersService } from '../users/users.service.ts';
import { queueVerificationMail, startSession, uniqueReferralCode } from './auth.service.ts';
import { hashPassword } from './passwords.ts';
import { insertCompany, updateCompany } from './registration.repository.ts';

type TMoverInput = z.output<typeof ZRegisterMover>;
type TLaborInput = z.output<typeof ZRegisterLabor>;

/**
 * A `?referral_code=` is checked before the password is hashed, as the customer sign-up checks
 * it: a code nobody has is a 422 on referral_code. The account's insert then records the referral
 * (recordReferredSignUp: who referred it, and the invitation turns Responded).
 */
async function checkReferralCode(
  users: Pick<TUsersService, 'findUserByReferralCode'>,
  db: TDb | TTx,
  code: string | null,
): Promise<void> {
  if (code && !(await users.findUserByReferralCode(db, code)))
    throw invalid({ referral_code: [MSG.referralCodeMissing] });
}

/**
 * Mover and labor registration (public/register/mover and public/register/labor): the account is
 * created, the verification e-mail queued and the new user signed in, all or nothing.
 */
export function createRegistrationService(
  deps: TDeps,
  geo: ReturnType<typeof createGeoService>,
  coverage: TCoverageIndex,
  session: (user: TUserRow) => Promise<Omit<TSignedIn, 'token'>>,
  labor: Pick<TLaborService, 'createProfile'>,
  users: Pick<TUsersService, 'findUserByEmail' | 'findUserByReferralCode' | 'insertUser'>,
  branches: Pick<TBranchesService, 'checkPlaces' | 'insertMain'>,
  referrals: Pick<TReferralsService, 'recordReferredSignUp'>,
) {
  const { db, mailer } = deps;

  async function emailFree(email: string) {
    if (await users.findUserByEmail(db, email)) throw invalid({ email: [MSG.emailTaken] });
  }

  async function newUser(
    tx: TTx,
    v: { first_name: string; last_name: string; email: string; passwordHash: string },
    role: 'staff' | 'labor',
    extra: { companyId?: number; phone?: string; referralCode: string | null },
  ): Promise<TUserRow> {
    const row = await users.insertUser(tx, {
      firstName: v.first_name,
      lastName: v.last_name,
      email: v.email,
      passwordHash: v.passwordHash,
      role,
      companyId: extra.companyId ?? null,
      phone: extra.phone ?? null,
      referralCode: await uniqueReferralCode(users, tx),
    });
    // Two sign-ups racing for one address: the unique index lets exactly one through.
    if (!row) throw invalid({ email: [MSG.emailTaken] });
    // The referrer's invitation turns Responded, in the same transaction as the account (decision 022).
    if (extra.referralCode)
      await referrals.recordReferredSignUp(tx, {
        userId: row.id,
        email: row.email,
        code: extra.referralCode,
        now: deps.clock.now(),
      });
    await queueVerificationMail(deps, tx, row);
    return row;
  }

  return {
    /** Write for the options module: a company's settings (the companies table is this module's). */
    updateCompany: (companyId: number, set: Parameters<typeof updateCompany>[2]) =>
      updateCompany(db, companyId, set),

    async registerMover(input: TMoverInput): Promise<TSignedIn> {
      await emailFree(input.email);
      await checkReferralCode(users, db, input.referral_code);
      const { stateCode } = await branches.checkPlaces(input.branch).catch((err: unknown) => {
        // The branch's fields are under `branch.` in this form.
        if (err instanceof AppError && err.errors)
          throw invalid(Object.fromEntries(Object.entries(err.errors).map(([k, v]) => [`branch.${k}`, v])));
        throw err;
      });
      const passwordHash = await hashPassword(input.password);
      const { user, token } = await db.transaction(async (tx) => {
        const companyId = await insertCompany(tx, input.company_name);
        await branches.insertMain(tx, companyId, input.branch, stateCode);
        const user = await newUser(tx, { ...input, passwordHash }, 'staff', {
          companyId,
          phone: input.branch.primary_phone,
          referralCode: input.referral_code,
        });
        return { user, token: await startSession(deps, tx, user.id) };
      });
      coverage.invalidate();
      mailer.kick();
      return { ...(await session(user)), token };
    },

    async registerLabor(input: TLaborInput): Promise<TSignedIn> {
      await emailFree(input.email);
      await checkReferralCode(users, db, input.referral_code);
      const zip = await geo.zipInfo(input.zip_code);
      if (!zip) throw invalid({ zip_code: [INVALID_ZIP] });
      const passwordHash = await hashPassword(input.password);
      const { user, token } = await db.transaction(async (tx) => {
        const user = await newUser(tx, { ...input, passwordHash }, 'labor', {
          phone: input.phone,
          referralCode: input.referral_code,
        });
        await labor.createProfile(tx, {
          userId: user.id,
          zipCode: zip.zip_code,
          latitude: zip.latitude,
          longitude: zip.longitude,
          serviceArea: LABOR_SERVICE_AREA_DEFAULT,
          stateId: zip.state_id,
          cityId: zip.city_id,
        });
        return { user, token: await startSession(deps, tx, user.id) };
      });
      mailer.kick();
      return { ...(await session(user)), token };
    },
  };
}

export type TRegistrationService = ReturnType<typeof createRegistrationService>;
