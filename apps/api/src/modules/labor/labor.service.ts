import {
  ACCOUNT_MSG,
  type TLaborMailEvent,
  type TLaborNotificationSettings,
  type TLaborNotificationSettingsView,
  type TLaborProfile,
  type TLaborProfileUpdateParsed,
} from '@haulpro/shared/account';
import { BRANCH_MSG } from '@haulpro/shared/branch';
import { INVALID_ZIP } from '@haulpro/shared/geo';
import { MSG } from '@haulpro/shared/messages';
import { toE164 } from '@haulpro/shared/phone';
import { TALK_MSG } from '@haulpro/shared/talk';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb, TTx } from '../../db/client.ts';
import { conflict, forbidden, invalid, notFound, type TFieldErrors } from '../../domain/errors.ts';
import { laborNoticeMail } from '../../mail/templates.ts';
import { readUpload } from '../../storage/image-upload.ts';
import type { TGeoService } from '../geo/geo.service.ts';
import type { TUserRow, TUsersService } from '../users/users.service.ts';
import {
  deleteLaborProfile,
  findLaborProfile,
  insertLaborProfile,
  laborMailTarget,
  type TLaborProfileInsert,
  type TLaborProfileRow,
  updateLaborMail,
  upsertLaborProfile,
} from './labor.repository.ts';
import { createSsnCipher, loadSsnKey } from './ssn-cipher.ts';

const isUniqueViolation = (err: unknown) =>
  typeof err === 'object' && err !== null && (err as { code?: unknown }).code === '23505';

function toView(u: TUserRow, p: TLaborProfileRow | undefined): TLaborProfile {
  return {
    id: u.id,
    image: u.image,
    personal: {
      first_name: u.firstName,
      last_name: u.lastName,
      email: u.email,
      phone: u.phone,
      social_security_number_last4: p?.ssnLast4 ?? null,
    },
    options: {
      address: p?.address ?? '',
      street_address: p?.streetAddress ?? '',
      apt_unit: p?.aptUnit ?? '',
      state_id: p?.stateId ?? null,
      city_id: p?.cityId ?? null,
      zip_code: p?.zipCode ?? '',
      service_area: p?.serviceArea ?? 40,
      has_vehicle: p?.hasVehicle ?? false,
    },
    vehicle: {
      type: p?.vehicleType ?? null,
      model: p?.vehicleModel ?? null,
      year: p?.vehicleYear ?? null,
      make: p?.vehicleMake ?? null,
    },
  };
}

const mailView = (p: TLaborProfileRow | undefined, smsOptIn: boolean): TLaborNotificationSettingsView => ({
  new_delivery: p?.mailNewDelivery ?? true,
  delivery_updates: p?.mailDeliveryUpdates ?? true,
  payouts: p?.mailPayouts ?? true,
  sms: smsOptIn,
});

/**
 * What labor asks of the auth module: a new e-mail's verification link, in the caller's
 * transaction. Handed in at composition (modules/services.ts): auth's registration builds on
 * labor, so labor cannot import auth.
 */
export type TLaborAccountLinks = { sendVerification: (tx: TTx, user: TUserRow) => Promise<void> };

export function createLaborService(
  deps: TDeps,
  account: TLaborAccountLinks,
  users: Pick<TUsersService, 'findUserByEmail' | 'findUserById' | 'updateUser'>,
  geo: Pick<TGeoService, 'places'>,
) {
  const { db, storage, config } = deps;
  const cipher = createSsnCipher(loadSsnKey(config.ssnEncryptionKey, config.dataDir));

  /** A labor user reads and writes only their own profile: another id is a 404, another role a 403. */
  function own(auth: TAuth, id: number): TUserRow {
    if (auth.user.role !== 'labor') throw forbidden();
    if (id !== auth.user.id) throw notFound();
    return auth.user;
  }

  return {
    /** For the deliveries' notices: an e-mail to a helper who chose that kind, in the caller's transaction. */
    mailIfWanted: (
      tx: TTx,
      userId: number,
      event: TLaborMailEvent,
      notice: { title: string; link: string },
    ) => mailLaborIfWanted(tx, deps, userId, event, notice),

    /** For the message digest and the reminders: a live helper's address and e-mail choices (none for a closed account). */
    mailTarget: (q: TDb | TTx, userId: number) => laborMailTarget(q, userId),

    /** Write for registration: a new helper's profile. */
    createProfile: (tx: TTx, v: TLaborProfileInsert) => insertLaborProfile(tx, v),
    /** A closed account keeps no helper profile (address, SSN). */
    forgetUser: (tx: TTx, userId: number) => deleteLaborProfile(tx, userId),

    async get(auth: TAuth, id: number): Promise<TLaborProfile> {
      own(auth, id);
      const [user, profile] = await Promise.all([users.findUserById(db, id), findLaborProfile(db, id)]);
      return toView(user ?? auth.user, profile);
    },

    /**
     * PUT labor/labors/{id}: personal, options and vehicle at once; an empty SSN keeps the stored
     * one. A new e-mail is unverified until the link mailed to it is followed; links sent to the
     * old address stop working (they would verify the new one).
     */
    async update(
      auth: TAuth,
      id: number,
      input: TLaborProfileUpdateParsed,
    ): Promise<{ profile: TLaborProfile; emailChanged: boolean }> {
      const me = own(auth, id);
      const { personal, options, vehicle } = input;
      const errors: TFieldErrors = {};
      const [[zip, state, city], taken] = await Promise.all([
        geo.places({
          zip: options.zip_code,
          stateId: options.state_id,
          cityId: options.city_id,
          countyIds: [],
        }),
        personal.email === me.email ? undefined : users.findUserByEmail(db, personal.email),
      ]);
      if (taken && taken.id !== id) errors['personal.email'] = [MSG.emailTaken];
      if (!state) errors['options.state_id'] = [ACCOUNT_MSG.stateRequired];
      if (!zip) errors['options.zip_code'] = [INVALID_ZIP];
      else if (state && zip.state_id !== state.id) errors['options.zip_code'] = [BRANCH_MSG.zipNotInState];
      if (!city) errors['options.city_id'] = [ACCOUNT_MSG.cityRequired];
      else if (state && city.stateId !== state.id) errors['options.city_id'] = [BRANCH_MSG.cityNotInState];
      let image: string | undefined;
      if (input.image !== undefined) {
        const file = await readUpload(input.image);
        if (!file.ok) errors.image = [file.message];
        else if (!Object.keys(errors).length) image = await storage.save('avatars', file.bytes, file.ext);
      }
      if (Object.keys(errors).length || !zip) throw invalid(errors);

      const ssn = personal.social_security_number;
      const profile: TLaborProfileInsert = {
        userId: id,
        zipCode: zip.zip_code,
        latitude: zip.latitude,
        longitude: zip.longitude,
        serviceArea: options.service_area,
        hasVehicle: options.has_vehicle,
        vehicleType: options.has_vehicle ? (vehicle.type ?? null) : null,
        vehicleModel: options.has_vehicle ? vehicle.model?.trim() || null : null,
        vehicleYear: options.has_vehicle ? vehicle.year : null,
        vehicleMake: options.has_vehicle ? vehicle.make?.trim() || null : null,
        address: options.address || null,
        streetAddress: options.street_address || null,
        aptUnit: options.apt_unit || null,
        stateId: options.state_id,
        cityId: options.city_id,
        ...(ssn ? { ssnEncrypted: cipher.encrypt(ssn, id), ssnLast4: ssn.slice(-4) } : {}),
        updatedAt: new Date(),
      };
      const emailChanged = personal.email !== me.email;
      try {
        await db.transaction(async (tx) => {
          const row = await users.updateUser(tx, id, {
            firstName: personal.first_name,
            lastName: personal.last_name,
            phone: personal.phone,
            ...(emailChanged ? { email: personal.email, isEmailVerified: false } : {}),
            ...(image ? { image } : {}),
          });
          // Issuing the new link retires the unused ones (sent to the old address).
          if (emailChanged && row) await account.sendVerification(tx, row);
          await upsertLaborProfile(tx, profile);
        });
      } catch (err) {
        if (image) await storage.remove(image);
        // Two accounts racing for one address: the unique index lets one through.
        if (isUniqueViolation(err)) throw invalid({ 'personal.email': [MSG.emailTaken] });
        throw err;
      }
      if (emailChanged) deps.mailer.kick();
      if (image && me.image && me.image !== image) await storage.remove(me.image);
      return { profile: await this.get(auth, id), emailChanged };
    },

    async notifications(auth: TAuth, id: number): Promise<TLaborNotificationSettingsView> {
      own(auth, id);
      const me = await users.findUserById(db, id);
      return mailView(await findLaborProfile(db, id), me?.smsOptIn ?? false);
    },

    async updateNotifications(
      auth: TAuth,
      id: number,
      input: TLaborNotificationSettings,
    ): Promise<TLaborNotificationSettingsView> {
      own(auth, id);
      const me = await users.findUserById(db, id);
      // Texts need a number we can text (Personal info's phone).
      if (input.sms === true && !toE164(me?.phone)) throw invalid({ sms: [TALK_MSG.smsPhone] });
      return db.transaction(async (tx) => {
        const row = await updateLaborMail(tx, id, {
          mailNewDelivery: input.new_delivery,
          mailDeliveryUpdates: input.delivery_updates,
          mailPayouts: input.payouts,
        });
        if (!row) throw conflict(LABOR_PROFILE_FIRST);
        const sms = input.sms ?? me?.smsOptIn ?? false;
        if (input.sms !== undefined && input.sms !== me?.smsOptIn)
          await users.updateUser(tx, id, { smsOptIn: input.sms });
        return mailView(row, sms);
      });
    },

    /** Test and support use: the clear SSN of a row (never sent over the API). */
    decryptSsn: (stored: string, userId: number) => cipher.decrypt(stored, userId),
  };
}

export const LABOR_PROFILE_FIRST =
  'Save your personal info first: the e-mail settings belong to your helper profile.';

export type TLaborService = ReturnType<typeof createLaborService>;

const EVENT_COLUMN: Record<TLaborMailEvent, 'newDelivery' | 'deliveryUpdates' | 'payouts'> = {
  new_delivery: 'newDelivery',
  delivery_updates: 'deliveryUpdates',
  payouts: 'payouts',
};

/**
 * For other modules (deliveries): the e-mail copy of a labor user's notification, queued in the
 * caller's transaction when the helper chose this kind of e-mail (Settings > Notifications; on
 * unless switched off). The caller kicks the mailer after the commit.
 */
async function mailLaborIfWanted(
  tx: TDb | TTx,
  deps: Pick<TDeps, 'mailer' | 'config'>,
  userId: number,
  event: TLaborMailEvent,
  notice: { title: string; link: string },
): Promise<boolean> {
  const target = await laborMailTarget(tx, userId);
  if (!target || target[EVENT_COLUMN[event]] === false) return false;
  const url = `${deps.config.publicUrl}${notice.link}`;
  await deps.mailer.enqueue(tx, laborNoticeMail(target.email, target.firstName, notice.title, url));
  return true;
}
