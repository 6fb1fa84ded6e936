import { generateKeyPairSync, type KeyObject, sign } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { ACCOUNT_MSG, type TLaborProfile, type TSignedIn } from '@haulpro/shared/account';
import { BRANCH_MSG } from '@haulpro/shared/branch';
import { MSG } from '@haulpro/shared/messages';
import type { TReferralView } from '@haulpro/shared/referral';
import { eq } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app.ts';
import { laborProfiles, notifications, sessions, users } from '../src/db/schema.ts';
import { createUser } from '../src/db/seed/factories.ts';
import { loggerOptions } from '../src/http/log-options.ts';
import { SSN_KEY_FILE } from '../src/modules/labor/ssn-cipher.ts';
import { call, loginToken } from './helpers/http.ts';
import { linkToken, mailsTo } from './helpers/outbox.ts';
import { tokenFor } from './helpers/sessions.ts';
import { laborBody, moverBody as moverBodyIn } from './helpers/sign-up-bodies.ts';
import { createTestApp, createTestClock, openTestDatabase, type TTestApp } from './helpers/test-app.ts';
import { PNG_BYTES } from './helpers/upload-fixtures.ts';

const GOOGLE_CLIENT = 'haulpro-test.apps.googleusercontent.com';
const clock = createTestClock(new Date('2026-11-23T18:00:00Z'));
const now = () => Math.floor(clock.now().getTime() / 1000);

let t: TTestApp;
let jwks: Server;
let jwksHits = 0;
const googleKey = generateKeyPairSync('rsa', { modulusLength: 2048 });
const strangerKey = generateKeyPairSync('rsa', { modulusLength: 2048 });

/** A JWT signed RS256 with `key`, as Google signs its ID tokens. */
function idToken(claims: Record<string, unknown>, key: KeyObject = googleKey.privateKey, kid = 'k1') {
  const part = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64url');
  const head = part({ alg: 'RS256', kid, typ: 'JWT' });
  const body = part(claims);
  const sig = sign('RSA-SHA256', Buffer.from(`${head}.${body}`), key).toString('base64url');
  return `${head}.${body}.${sig}`;
}

const googleClaims = (patch: Record<string, unknown> = {}) => ({
  iss: 'https://accounts.google.com',
  aud: GOOGLE_CLIENT,
  sub: '1098765',
  email: 'Gina.Google@Example.test',
  email_verified: true,
  given_name: 'Gina',
  family_name: 'Google',
  iat: now() - 10,
  exp: now() + 3600,
  ...patch,
});

let la: { state_id: number; city_id: number; county_id: number };

beforeAll(async () => {
  // Google's key set, served on loopback.
  jwks = createServer((_req, res) => {
    jwksHits += 1;
    const jwk = googleKey.publicKey.export({ format: 'jwk' });
    res.setHeader('content-type', 'application/json');
    res.setHeader('cache-control', 'public, max-age=3600');
    res.end(JSON.stringify({ keys: [{ ...jwk, kid: 'k1', alg: 'RS256', use: 'sig' }] }));
  });
  await new Promise<void>((resolve) => jwks.listen(0, '127.0.0.1', resolve));
  const { port } = jwks.address() as AddressInfo;
  t = await createTestApp({
    clock,
    env: { GOOGLE_CLIENT_ID: GOOGLE_CLIENT, GOOGLE_JWKS_URL: `http://127.0.0.1:${port}/certs` },
  });
  const zip = await call<{ data: { state_id: number; city_id: number; county_id: number } }>(
    t.app,
    'GET',
    '/api/dashboard/latLng/90011',
  );
  la = zip.body.data;
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => jwks.close(resolve));
});

const moverBody = (patch: Record<string, unknown> = {}) => moverBodyIn(la, patch);

async function registerLabor(patch: Record<string, unknown> = {}) {
  const r = await call<{ data: TSignedIn }>(t.app, 'POST', '/api/public/register/labor', {
    body: laborBody(patch),
  });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.data;
}

const profileBody = (patch: { personal?: object; options?: object; vehicle?: object } = {}) => ({
  personal: {
    first_name: 'Leo',
    last_name: 'Helper',
    email: `leo-${Math.random().toString(36).slice(2)}@helpers.test`,
    phone: '+1 (213) - 555 - 0151',
    social_security_number: '123-45-6789',
    ...patch.personal,
  },
  options: {
    address: '4100 S Central Ave, Los Angeles, CA 90011',
    street_address: '4100 S Central Ave',
    apt_unit: 'Unit 2',
    state_id: la.state_id,
    city_id: la.city_id,
    zip_code: '90011',
    service_area: 35,
    has_vehicle: true,
    ...patch.options,
  },
  vehicle: { type: 3, model: 'F-150', year: '2019', make: 'Ford', ...patch.vehicle },
});

describe('POST public/register/mover', () => {
  it('creates the company, its main branch and the first staff user, and signs them in', async () => {
    const referrer = await createUser(t.deps.db, { referralCode: 'MOVREF1' });
    const body = moverBody({ referral_code: 'movref1' });
    const r = await call<{ data: TSignedIn }>(t.app, 'POST', '/api/public/register/mover', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(ACCOUNT_MSG.moverRegistered);
    const { user, company, branches, token } = r.body.data;
    expect(user).toMatchObject({ role: 'staff', email: body.email, phone: '+1 (213) - 555 - 0140' });
    expect(company).toMatchObject({ name: 'Maria Moving Co' });
    expect(branches).toEqual([expect.objectContaining({ name: 'Maria Moving South LA', is_main: true })]);
    // The token works, and the company sees its branch on Locations.
    const check = await call<{ data: { company: { id: number } } }>(
      t.app,
      'GET',
      '/api/dashboard/auth/check',
      {
        token,
      },
    );
    expect(check.body.data.company.id).toBe(company?.id);
    const list = await call<{ data: { id: number; is_main: boolean }[] }>(
      t.app,
      'GET',
      '/api/dashboard/branches',
      {
        token,
      },
    );
    expect(list.body.data).toHaveLength(1);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.referredById).toBe(referrer.id);
    expect(await mailsTo(t.deps.db, body.email)).toHaveLength(1); // the verification e-mail
  });

  it("a mover invited on Invite a friend registers with the code: the referrer's invitation turns Responded", async () => {
    const referrer = await createUser(t.deps.db, { referralCode: 'MOVREF2' });
    const referrerToken = await tokenFor(t.deps.db, referrer.id);
    const body = moverBody({ referral_code: 'MOVREF2' });
    const invited = await call(t.app, 'POST', '/api/dashboard/referrals', {
      token: referrerToken,
      body: { emails: [body.email] },
    });
    expect(invited.status, JSON.stringify(invited.body)).toBe(200);
    const r = await call(t.app, 'POST', '/api/public/register/mover', { body });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const view = await call<{ data: TReferralView }>(t.app, 'GET', '/api/dashboard/referrals', {
      token: referrerToken,
    });
    expect(view.body.data.emails.pending).toEqual([]);
    expect(view.body.data.emails.approved.map((e) => e.referred_email)).toEqual([body.email]);
  });

  it('refuses an unknown referral code, a taken e-mail and a branch outside the locations rules', async () => {
    const unknown = await call(t.app, 'POST', '/api/public/register/mover', {
      body: moverBody({ referral_code: 'NOSUCH1' }),
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ referral_code: [MSG.referralCodeMissing] });

    const taken = await createUser(t.deps.db);
    const dup = await call(t.app, 'POST', '/api/public/register/mover', {
      body: moverBody({ email: taken.email }),
    });
    expect(dup.status).toBe(422);
    expect(dup.body.errors).toEqual({ email: [MSG.emailTaken] });

    const base = moverBody();
    const wrongState = await call(t.app, 'POST', '/api/public/register/mover', {
      body: { ...base, branch: { ...base.branch, zip_code: '10001' } },
    });
    expect(wrongState.status).toBe(422);
    expect(wrongState.body.errors).toEqual({ 'branch.zip_code': [BRANCH_MSG.zipNotInState] });

    const noName = await call(t.app, 'POST', '/api/public/register/mover', {
      body: { ...base, company_name: ' ', branch: { ...base.branch, name: '' } },
    });
    expect(noName.status).toBe(422);
    expect(noName.body.errors).toMatchObject({
      company_name: [ACCOUNT_MSG.companyName],
      'branch.name': [BRANCH_MSG.nameRequired],
    });
    // Nothing was created by the refusals.
    expect((await t.deps.db.select().from(users).where(eq(users.email, base.email))).length).toBe(0);
  });
});

describe('POST public/register/labor', () => {
  it('creates a helper working around the ZIP, signed in, with the referrer stored', async () => {
    const referrer = await createUser(t.deps.db, { referralCode: 'LABREF1' });
    const data = await registerLabor({ referral_code: 'LABREF1' });
    expect(data.user).toMatchObject({ role: 'labor', isLabor: true, phone: '+1 (213) - 555 - 0150' });
    const [profile] = await t.deps.db
      .select()
      .from(laborProfiles)
      .where(eq(laborProfiles.userId, data.user.id));
    expect(profile).toMatchObject({
      zipCode: '90011',
      stateId: la.state_id,
      cityId: la.city_id,
      serviceArea: 40,
    });
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, data.user.id));
    expect(row?.referredById).toBe(referrer.id);
  });

  it('refuses an unknown ZIP, a short password and an unknown referral code', async () => {
    const r = await call(t.app, 'POST', '/api/public/register/labor', {
      body: laborBody({ zip_code: '00000' }),
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ zip_code: ['Invalid zip code'] });
    const short = await call(t.app, 'POST', '/api/public/register/labor', {
      body: laborBody({ password: 'short' }),
    });
    expect(short.body.errors).toEqual({ password: [MSG.invalidPassword] });
    const code = await call(t.app, 'POST', '/api/public/register/labor', {
      body: laborBody({ referral_code: 'ZZZZZZ9' }),
    });
    expect(code.body.errors).toEqual({ referral_code: [MSG.referralCodeMissing] });
  });
});

describe('labor/labors/{id}: personal info', () => {
  it('saves personal info, options and vehicle; the SSN is encrypted at rest and shown as its last four digits', async () => {
    const { user, token } = await registerLabor();
    const body = profileBody();
    const r = await call<{ data: TLaborProfile }>(t.app, 'PUT', `/api/dashboard/labor/labors/${user.id}`, {
      token,
      body,
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.message).toBe(ACCOUNT_MSG.profileSavedVerifyEmail);
    expect(r.body.data).toMatchObject({
      personal: { first_name: 'Leo', last_name: 'Helper', social_security_number_last4: '6789' },
      options: {
        street_address: '4100 S Central Ave',
        apt_unit: 'Unit 2',
        zip_code: '90011',
        service_area: 35,
      },
      vehicle: { type: 3, model: 'F-150', year: 2019, make: 'Ford' },
    });
    expect(JSON.stringify(r.body)).not.toContain('123456789');
    expect(JSON.stringify(r.body)).not.toContain('123-45');

    const [row] = await t.deps.db.select().from(laborProfiles).where(eq(laborProfiles.userId, user.id));
    expect(row?.ssnEncrypted).toBeTruthy();
    expect(row?.ssnEncrypted).not.toContain('123456789');
    expect(row?.ssnEncrypted).not.toContain(Buffer.from('123456789').toString('base64'));
    expect(row?.ssnLast4).toBe('6789');
    expect(t.services.labor.decryptSsn(row!.ssnEncrypted!, user.id)).toBe('123456789');
    // Bound to its row: the same ciphertext does not decrypt for another user.
    expect(() => t.services.labor.decryptSsn(row!.ssnEncrypted!, user.id + 1)).toThrow();
    // With no SSN_ENCRYPTION_KEY the key was generated once into DATA_DIR.
    const keyFile = path.join(t.config.dataDir, SSN_KEY_FILE);
    expect(existsSync(keyFile)).toBe(true);
    expect(readFileSync(keyFile, 'utf8').trim()).toMatch(/^[0-9a-f]{64}$/);

    // Read back: the last four only. An empty SSN keeps the stored one.
    const again = await call<{ data: TLaborProfile }>(
      t.app,
      'PUT',
      `/api/dashboard/labor/labors/${user.id}`,
      {
        token,
        body: profileBody({ personal: { email: body.personal.email, social_security_number: '' } }),
      },
    );
    expect(again.status).toBe(200);
    const [kept] = await t.deps.db.select().from(laborProfiles).where(eq(laborProfiles.userId, user.id));
    expect(kept?.ssnEncrypted).toBe(row?.ssnEncrypted);
    const get = await call<{ data: TLaborProfile }>(t.app, 'GET', `/api/dashboard/labor/labors/${user.id}`, {
      token,
    });
    expect(get.body.data.personal.social_security_number_last4).toBe('6789');
    expect(get.body.data.personal.email).toBe(body.personal.email);
  });

  it('saves a photo with the shared image rules', async () => {
    const { user, token } = await registerLabor();
    const image = `data:image/png;base64,${PNG_BYTES.toString('base64')}`;
    const r = await call<{ data: TLaborProfile }>(t.app, 'PUT', `/api/dashboard/labor/labors/${user.id}`, {
      token,
      body: { ...profileBody(), image },
    });
    expect(r.status).toBe(200);
    expect(r.body.data.image).toMatch(/^\/uploads\/avatars\//);
    const gif = await call(t.app, 'PUT', `/api/dashboard/labor/labors/${user.id}`, {
      token,
      body: {
        ...profileBody(),
        image: 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7',
      },
    });
    expect(gif.status).toBe(422);
  });

  it('refuses a bad SSN, a 3-digit year, a missing vehicle type, a taken e-mail, a zip outside the state: nothing changes', async () => {
    const { user, token } = await registerLabor();
    const put = (body: unknown) =>
      call(t.app, 'PUT', `/api/dashboard/labor/labors/${user.id}`, { token, body });
    const cases: [string, unknown, Record<string, string[]>][] = [
      [
        '8-digit SSN',
        profileBody({ personal: { social_security_number: '12345678' } }),
        {
          'personal.social_security_number': [ACCOUNT_MSG.ssn],
        },
      ],
      [
        'letters in the SSN',
        profileBody({ personal: { social_security_number: '123-45-67a9' } }),
        {
          'personal.social_security_number': [ACCOUNT_MSG.ssn],
        },
      ],
      [
        '3-digit year',
        profileBody({ vehicle: { year: '199' } }),
        { 'vehicle.year': [ACCOUNT_MSG.vehicleYear] },
      ],
      [
        'no vehicle type',
        profileBody({ vehicle: { type: null } }),
        { 'vehicle.type': [ACCOUNT_MSG.vehicleType] },
      ],
      [
        'vehicle type 5',
        profileBody({ vehicle: { type: 5 } }),
        { 'vehicle.type': [ACCOUNT_MSG.vehicleType] },
      ],
      ['a bad phone', profileBody({ personal: { phone: '555' } }), { 'personal.phone': [MSG.invalidPhone] }],
    ];
    for (const [what, body, errors] of cases) {
      const r = await put(body);
      expect(r.status, what).toBe(422);
      expect(r.body.errors, what).toEqual(errors);
    }
    const other = await createUser(t.deps.db);
    const taken = await put(profileBody({ personal: { email: other.email } }));
    expect(taken.body.errors).toEqual({ 'personal.email': [MSG.emailTaken] });
    const nyc = await put(profileBody({ options: { zip_code: '10001' } }));
    expect(nyc.body.errors).toEqual({ 'options.zip_code': [BRANCH_MSG.zipNotInState] });
    const [row] = await t.deps.db.select().from(laborProfiles).where(eq(laborProfiles.userId, user.id));
    expect(row?.ssnEncrypted).toBeNull();
    expect(row?.vehicleYear).toBeNull();
    const [u] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(u?.lastName).toBe('Labor');
  });

  it('a new e-mail is unverified until its own link is followed; the link sent to the old one no longer works', async () => {
    const { user, token } = await registerLabor();
    const oldLink = await linkToken(t.deps.db, user.email, '/verify-email');
    const email = `moved-${Math.random().toString(36).slice(2)}@helpers.test`;
    const put = (body: object) =>
      call<{ data: TLaborProfile; message: string }>(t.app, 'PUT', `/api/dashboard/labor/labors/${user.id}`, {
        token,
        body,
      });
    const moved = await put(profileBody({ personal: { email } }));
    expect(moved.status).toBe(200);
    expect(moved.body.message).toBe(ACCOUNT_MSG.profileSavedVerifyEmail);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ email, isEmailVerified: false });
    const mails = await mailsTo(t.deps.db, email);
    expect(mails).toHaveLength(1);
    // The old address's link would have verified the new one: it is retired.
    const old = await call(t.app, 'POST', '/api/dashboard/auth/verify-email', { body: { token: oldLink } });
    expect(old.status).toBe(422);
    const fresh = await linkToken(t.deps.db, email, '/verify-email');
    const ok = await call(t.app, 'POST', '/api/dashboard/auth/verify-email', { body: { token: fresh } });
    expect(ok.status).toBe(200);
    const [verified] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(verified?.isEmailVerified).toBe(true);
    // Saving again with the same address sends nothing and says the plain message.
    const same = await put(profileBody({ personal: { email } }));
    expect(same.body.message).toBe(ACCOUNT_MSG.profileSaved);
    expect(await mailsTo(t.deps.db, email)).toHaveLength(1);
    const [still] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(still?.isEmailVerified).toBe(true);
  });

  it('is the labor user’s own: another helper’s id is a 404, a customer a 403, no token a 401', async () => {
    const me = await registerLabor();
    const other = await registerLabor();
    const customer = await tokenFor(t.deps.db, (await createUser(t.deps.db)).id);
    const url = (id: number) => `/api/dashboard/labor/labors/${id}`;
    expect((await call(t.app, 'GET', url(other.user.id), { token: me.token })).status).toBe(404);
    expect(
      (await call(t.app, 'PUT', url(other.user.id), { token: me.token, body: profileBody() })).status,
    ).toBe(404);
    expect((await call(t.app, 'GET', url(me.user.id), { token: customer })).status).toBe(403);
    expect((await call(t.app, 'GET', url(me.user.id))).status).toBe(401);
    expect(
      (await call(t.app, 'GET', `${url(other.user.id)}/notifications`, { token: me.token })).status,
    ).toBe(404);
  });
});

describe('labor/labors/{id}/notifications: the e-mail choices are honoured', () => {
  it('saves the choices, and a new delivery nearby is e-mailed only to the helpers who want it', async () => {
    const wants = await registerLabor();
    const declines = await registerLabor();
    const url = `/api/dashboard/labor/labors/${declines.user.id}/notifications`;
    const before = await call<{ data: Record<string, boolean> }>(t.app, 'GET', url, {
      token: declines.token,
    });
    expect(before.body.data).toEqual({
      new_delivery: true,
      delivery_updates: true,
      payouts: true,
      sms: false,
    });
    const saved = await call<{ data: Record<string, boolean> }>(t.app, 'PUT', url, {
      token: declines.token,
      body: { new_delivery: false, delivery_updates: 1, payouts: 'true' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.message).toBe(ACCOUNT_MSG.notificationsSaved);
    expect(saved.body.data).toEqual({
      new_delivery: false,
      delivery_updates: true,
      payouts: true,
      sms: false,
    });
    const bad = await call(t.app, 'PUT', url, { token: declines.token, body: { new_delivery: 'no' } });
    expect(bad.status).toBe(422);

    const customer = await createUser(t.deps.db);
    const token = await tokenFor(t.deps.db, customer.id);
    const place = (zip: string, street: string) => ({
      address: street,
      city_or_town: 'Los Angeles',
      state: 'CA',
      zip_code: zip,
      type_property: 'Home',
      flights_of_stairs: 0,
    });
    const created = await call<{ data: { delivery: { id: number } } }>(
      t.app,
      'POST',
      '/api/dashboard/customer/deliveries',
      {
        token,
        body: {
          items: [{ name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 }],
          vehicle_type: 3,
          pickup: place('90011', '742 E 49th St'),
          destination: place('90007', '2000 S Figueroa St'),
          arrival_date: '2026-11-27',
          arrival_time: '9-10',
          payment_method: 'cash',
          phone: '+1 (213) - 555 - 0177',
          tip: 0,
        },
      },
    );
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    const id = created.body.data.delivery.id;
    const toWants = await mailsTo(t.deps.db, wants.user.email);
    expect(toWants.map((m) => m.subject)).toContain(
      `New delivery #${id} near you: bid before someone else does`,
    );
    const toDeclines = await mailsTo(t.deps.db, declines.user.email);
    expect(toDeclines.some((m) => m.subject.startsWith(`New delivery #${id}`))).toBe(false);

    // The helper who declined new-delivery e-mails accepts; a cancellation is a delivery update they want.
    const accepted = await call(t.app, 'POST', `/api/dashboard/deliveries/${id}/accept`, {
      token: declines.token,
      body: {},
    });
    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
    await call(t.app, 'PUT', url, {
      token: declines.token,
      body: { new_delivery: false, delivery_updates: false, payouts: true },
    });
    const cancelled = await call(t.app, 'POST', `/api/dashboard/customer/deliveries/${id}/cancel`, {
      token,
      body: { reason: 'Plans changed, I no longer need this delivery.' },
    });
    expect(cancelled.status, JSON.stringify(cancelled.body)).toBe(200);
    const after = await mailsTo(t.deps.db, declines.user.email);
    expect(after.some((m) => m.subject === `The customer cancelled delivery #${id}`)).toBe(false);
    // The in-app notification still arrives.
    const inApp = await t.deps.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, declines.user.id));
    expect(inApp.map((n) => n.title)).toContain(`The customer cancelled delivery #${id}`);
  });
});

describe('DELETE users/{id}: closing an account', () => {
  it('needs the typed word, then revokes the sessions and anonymises the person, keeping the row', async () => {
    const { user, token } = await registerLabor();
    await call(t.app, 'PUT', `/api/dashboard/labor/labors/${user.id}`, { token, body: profileBody() });
    const url = `/api/dashboard/users/${user.id}`;
    const wrong = await call(t.app, 'DELETE', url, { token, body: { confirmation: 'remove' } });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ confirmation: [ACCOUNT_MSG.deleteConfirm] });

    const r = await call(t.app, 'DELETE', url, { token, body: { confirmation: 'delete' } });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Account deleted successfully');
    expect((await call(t.app, 'GET', '/api/dashboard/auth/check', { token })).status).toBe(401);
    expect(await t.deps.db.select().from(sessions).where(eq(sessions.userId, user.id))).toEqual([]);
    const [row] = await t.deps.db.select().from(users).where(eq(users.id, user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', lastName: 'user', phone: null, image: null });
    expect(row?.email).not.toBe(user.email);
    expect(row?.deletedAt).not.toBeNull();
    expect(await t.deps.db.select().from(laborProfiles).where(eq(laborProfiles.userId, user.id))).toEqual([]);
    // Signing in with the old e-mail and password fails.
    const login = await call(t.app, 'POST', '/api/dashboard/auth/login', {
      body: { email: user.email, password: 'labor-pass-1' },
    });
    expect(login.status).toBe(422);
  });

  it('another user’s account is a 404; staff close their company with support (403)', async () => {
    const a = await registerLabor();
    const b = await registerLabor();
    const other = await call(t.app, 'DELETE', `/api/dashboard/users/${b.user.id}`, {
      token: a.token,
      body: { confirmation: 'delete' },
    });
    expect(other.status).toBe(404);
    const staff = await call<{ data: TSignedIn }>(t.app, 'POST', '/api/public/register/mover', {
      body: moverBody(),
    });
    const s = staff.body.data;
    const r = await call(t.app, 'DELETE', `/api/dashboard/users/${s.user.id}`, {
      token: s.token,
      body: { confirmation: 'delete' },
    });
    expect(r.status).toBe(403);
    expect(r.body.message).toBe(ACCOUNT_MSG.staffCannotDelete);
  });

  it('customers close theirs too; two deletes at once have one winner', async () => {
    const c = await createUser(t.deps.db, { password: 'customer-pass' });
    const token = await loginToken(t.app, c.email, 'customer-pass');
    const [x, y] = await Promise.all(
      [0, 1].map(() =>
        call(t.app, 'DELETE', `/api/dashboard/users/${c.id}`, { token, body: { confirmation: 'delete' } }),
      ),
    );
    const statuses = [x?.status, y?.status];
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    // The loser finds the session gone (401) or the account already closed (404).
    expect(statuses.filter((s) => s === 401 || s === 404)).toHaveLength(1);
  });
});

describe('the SSN is never logged', () => {
  it('the log redaction hides it wherever an object carries it', () => {
    const lines: string[] = [];
    const options = loggerOptions('trace') as Exclude<ReturnType<typeof loggerOptions>, boolean | undefined>;
    const app = Fastify({ logger: { ...options, stream: { write: (l: string) => lines.push(l) } } });
    app.log.info({ social_security_number: '123456789' }, 'top');
    app.log.info({ body: { social_security_number: '123-45-6789' } }, 'one deep');
    app.log.info({ req: { body: { personal: { social_security_number: '123456789' } } } }, 'three deep');
    expect(lines).toHaveLength(3);
    const text = lines.join('');
    expect(text).not.toContain('6789');
    expect(text).toContain('[redacted]');
  });

  it('a whole request cycle with an SSN, good and bad, writes no digit of it', async () => {
    const lines: string[] = [];
    const options = loggerOptions('trace') as Exclude<ReturnType<typeof loggerOptions>, boolean | undefined>;
    const database = await openTestDatabase();
    const built = await buildApp({
      config: t.config,
      database,
      clock,
      logger: { ...options, stream: { write: (l: string) => lines.push(l) } },
    });
    try {
      await built.app.ready();
      const reg = await call<{ data: TSignedIn }>(built.app, 'POST', '/api/public/register/labor', {
        body: laborBody(),
      });
      const { user, token } = reg.body.data;
      const url = `/api/dashboard/labor/labors/${user.id}`;
      const ok = await call(built.app, 'PUT', url, {
        token,
        body: profileBody({ personal: { social_security_number: '987-65-4321' } }),
      });
      expect(ok.status).toBe(200);
      const bad = await call(built.app, 'PUT', url, {
        token,
        body: profileBody({ personal: { social_security_number: '98765432x' } }),
      });
      expect(bad.status).toBe(422);
      expect(lines.length).toBeGreaterThan(3);
      const text = lines.join('');
      for (const digits of ['987654321', '987-65-4321', '98765432x', '4321'])
        expect(text).not.toContain(digits);
    } finally {
      await built.app.close();
      await database.close();
    }
  });
});

describe('POST google/auth/login-via-token', () => {
  const login = (token: string) =>
    call<{ data: { user: { email: string; role: string }; token: string } }>(
      t.app,
      'POST',
      '/api/google/auth/login-via-token',
      { body: { token } },
    );

  it('verifies the token against the JWKS and creates a customer for a new e-mail, then signs the same account in', async () => {
    const r = await login(idToken(googleClaims()));
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.user).toMatchObject({
      email: 'gina.google@example.test',
      role: 'customer',
      is_email_verified: true,
    });
    const check = await call(t.app, 'GET', '/api/dashboard/auth/check', { token: r.body.data.token });
    expect(check.status).toBe(200);
    const again = await login(idToken(googleClaims()));
    expect(again.body.data.user).toMatchObject({ email: 'gina.google@example.test' });
    // The key set was fetched once and cached.
    expect(jwksHits).toBe(1);
    // The account has no password anyone could guess.
    const pw = await call(t.app, 'POST', '/api/dashboard/auth/login', {
      body: { email: 'gina.google@example.test', password: '!google' },
    });
    expect(pw.status).toBe(422);
  });

  it('signs an existing account in by its e-mail (Google vouches for the address)', async () => {
    const staff = await createUser(t.deps.db, {
      role: 'staff',
      email: 'sam.staff@example.test',
      isEmailVerified: false,
    });
    const r = await login(idToken(googleClaims({ email: 'sam.staff@example.test', sub: '555' })));
    expect(r.status).toBe(200);
    expect(r.body.data.user).toMatchObject({ email: staff.email, role: 'staff', is_email_verified: true });
  });

  it('refuses forged, expired, other-audience, other-issuer, unsigned and unknown-key tokens', async () => {
    const cases: [string, string][] = [
      ['forged signature', idToken(googleClaims(), strangerKey.privateKey)],
      ['expired', idToken(googleClaims({ exp: now() - 120 }))],
      ['another audience', idToken(googleClaims({ aud: 'someone-else.apps.googleusercontent.com' }))],
      ['another issuer', idToken(googleClaims({ iss: 'https://evil.example' }))],
      ['unknown key', idToken(googleClaims(), googleKey.privateKey, 'k2')],
      [
        'alg none',
        `${Buffer.from(JSON.stringify({ alg: 'none', kid: 'k1' })).toString('base64url')}.${Buffer.from(
          JSON.stringify(googleClaims()),
        ).toString('base64url')}.`,
      ],
      ['garbage', 'not.a.token-at-all-but-long-enough'],
    ];
    const before = await t.deps.db.select().from(users);
    for (const [what, token] of cases) {
      const r = await login(token);
      expect(r.status, what).toBe(422);
      expect(r.body.errors, what).toEqual({ token: [ACCOUNT_MSG.googleToken] });
    }
    const unverified = await login(
      idToken(googleClaims({ email: 'new@example.test', email_verified: false })),
    );
    expect(unverified.status).toBe(422);
    expect((await t.deps.db.select().from(users)).length).toBe(before.length);
  });

  it('says which providers are on', async () => {
    const r = await call<{ data: { google_client_id: string | null } }>(
      t.app,
      'GET',
      '/api/public/auth/providers',
    );
    expect(r.body.data.google_client_id).toBe(GOOGLE_CLIENT);
  });
});

describe('Google sign-in switched off', () => {
  it('answers 400 and the providers say null', async () => {
    const off = await createTestApp();
    try {
      const r = await call(off.app, 'POST', '/api/google/auth/login-via-token', {
        body: { token: idToken(googleClaims()) },
      });
      expect(r.status).toBe(400);
      expect(r.body.message).toBe(ACCOUNT_MSG.googleOff);
      const p = await call<{ data: { google_client_id: string | null } }>(
        off.app,
        'GET',
        '/api/public/auth/providers',
      );
      expect(p.body.data.google_client_id).toBeNull();
    } finally {
      await off.close();
    }
  });
});
