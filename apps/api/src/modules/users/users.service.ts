import { ACCOUNT_MSG } from '@haulpro/shared/account';
import type { TUserUpdateParsed } from '@haulpro/shared/auth';
import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { toE164 } from '@haulpro/shared/phone';
import { TALK_MSG } from '@haulpro/shared/talk';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound } from '../../domain/errors.ts';
import { readUpload } from '../../storage/image-upload.ts';
import { toUserView } from './user-view.ts';
import {
  anonymiseUser,
  companyStaffEmails,
  companyStaffIds,
  countOpenLaborDeliveries,
  findCompany,
  findUserByEmail,
  findUserById,
  findUserByReferralCode,
  insertUser,
  listCompanyBranches,
  listCompanyStaff,
  type TUserRow,
  updateUser,
} from './users.repository.ts';

/**
 * What a module that keeps a person's data does when the account closes, in the closing
 * transaction. Handed in at composition (modules/services.ts): those modules build on this one,
 * so this one cannot import them.
 */
export type TForgetUser = (tx: TTx, userId: number) => Promise<void>;

export function createUsersService({ db, storage, clock, cache }: TDeps, forgetters: TForgetUser[]) {
  return {
    /** A user as the API answers them. */
    view: toUserView,

    // ---- for other modules, in their transaction or on the database (the users table stays here) ----
    findUserByEmail,
    findUserById,
    findUserByReferralCode,
    insertUser,
    updateUser,
    findCompany,
    listCompanyBranches,
    listCompanyStaff,
    companyStaffIds,
    companyStaffEmails,
    emailTaken: (email: string) => emailTaken(db, email),
    setSmsOptIn,
    /** PUT users/{id}: a user edits only their own record. */
    async update(auth: TAuth, id: number, input: TUserUpdateParsed) {
      if (id !== auth.user.id) throw forbidden();
      const patch: Parameters<typeof updateUser>[2] = {};
      if (input.first_name !== undefined) patch.firstName = input.first_name;
      if (input.last_name !== undefined) patch.lastName = input.last_name;
      if (input.phone !== undefined) patch.phone = input.phone;
      // Texts need a number we can text: turning them on without one is a 422; removing the
      // number turns them off.
      const phone = input.phone !== undefined ? input.phone : auth.user.phone;
      if (input.sms_opt_in === true && !toE164(phone)) throw invalid({ sms_opt_in: [TALK_MSG.smsPhone] });
      if (input.sms_opt_in !== undefined) patch.smsOptIn = input.sms_opt_in;
      if ((input.sms_opt_in ?? auth.user.smsOptIn) && !toE164(phone)) patch.smsOptIn = false;
      let oldImage: string | null = null;
      if (input.image !== undefined) {
        if (input.image === null) {
          patch.image = null;
        } else {
          const file = await readUpload(input.image);
          if (!file.ok) throw invalid({ image: [file.message] });
          patch.image = await storage.save('avatars', file.bytes, file.ext);
        }
        oldImage = auth.user.image;
      }
      const row = await updateUser(db, id, patch);
      if (oldImage && oldImage !== row?.image) await storage.remove(oldImage);
      return toUserView(row ?? auth.user);
    },

    /**
     * DELETE users/{id} (Danger zone): customers and helpers close their own account. Sessions
     * end, personal data is removed, the history the other party needs stays (decision 021).
     */
    async close(auth: TAuth, id: number) {
      if (id !== auth.user.id) throw notFound();
      if (auth.user.role !== 'labor' && auth.user.role !== 'customer')
        throw forbidden(ACCOUNT_MSG.staffCannotDelete);
      const before = await db.transaction(async (tx) => {
        if (auth.user.role === 'labor') {
          const open = await countOpenLaborDeliveries(tx, id, [
            DELIVERY_STATUS.accepted,
            DELIVERY_STATUS.waitingForComplete,
          ]);
          if (open > 0) throw conflict(ACCOUNT_MSG.finishDeliveriesFirst);
        }
        const closed = await anonymiseUser(tx, id, clock.now());
        if (closed) for (const forget of forgetters) await forget(tx, id);
        return closed;
      });
      if (!before) throw notFound();
      // The session cache must not serve the closed account for its TTL.
      cache.invalidateAll();
      if (before.image) await storage.remove(before.image);
    },
  };
}

/**
 * For the bookings (orders and deliveries): "Text me reminders about this job", in the booking's
 * transaction. On needs a number we can text, the booking's (`phone`): a 422 on sms_opt_in
 * otherwise; an account without a phone keeps the booking's. Off turns texts off.
 */
export async function setSmsOptIn(tx: TDb | TTx, user: TUserRow, on: boolean, phone: string): Promise<void> {
  if (on && !toE164(phone)) throw invalid({ sms_opt_in: [TALK_MSG.smsPhone] });
  if (on === user.smsOptIn && (!on || user.phone)) return;
  await updateUser(tx, user.id, on && !user.phone ? { smsOptIn: on, phone } : { smsOptIn: on });
}

/** Read for other modules: is an email already taken by an account? */
export async function emailTaken(db: TDb, email: string): Promise<boolean> {
  return (await findUserByEmail(db, email)) !== undefined;
}

export type { TUserRow } from './users.repository.ts';

export type TUsersService = ReturnType<typeof createUsersService>;
