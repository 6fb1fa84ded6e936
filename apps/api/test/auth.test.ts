import { TOKEN_LIFETIME_SECONDS } from '@haulpro/shared/constants';
import { MSG, tooManyLoginsMessage } from '@haulpro/shared/messages';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranch, createCompany, createUser } from '../src/db/seed/factories.ts';
import { call, loginToken } from './helpers/http.ts';
import { linkToken, mailsTo } from './helpers/outbox.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';

const LOGIN = '/api/dashboard/auth/login';
const CHECK = '/api/dashboard/auth/check';

let t: TTestApp;
const clock = createTestClock();
let staffEmail: string;

beforeAll(async () => {
  t = await createTestApp({ clock, env: { LOGIN_LIMIT_PER_IP: '1000', LOGIN_LIMIT_PER_EMAIL: '5' } });
  const company = await createCompany(t.deps.db, { name: 'Acme Moving' });
  await createBranch(t.deps.db, { companyId: company.id, name: 'Zeta', isMain: false });
  await createBranch(t.deps.db, { companyId: company.id, name: 'Acme Main', isMain: true });
  const staff = await createUser(t.deps.db, {
    role: 'staff',
    companyId: company.id,
    password: 'secret-pass',
  });
  staffEmail = staff.email;
});
afterAll(() => t.close());

describe('POST auth/login', () => {
  it('answers user, company, token and branches (main branch first)', async () => {
    const r = await call<{
      data: {
        token: string;
        user: { email: string; role: string };
        company: { name: string };
        branches: { name: string; is_main: boolean }[];
      };
    }>(t.app, 'POST', LOGIN, { body: { email: `  ${staffEmail.toUpperCase()} `, password: 'secret-pass' } });
    expect(r.status).toBe(200);
    expect(r.body.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(r.body.data.user).toMatchObject({ email: staffEmail, role: 'staff' });
    expect(r.body.data.user).not.toHaveProperty('password_hash');
    expect(r.body.data.company.name).toBe('Acme Moving');
    expect(r.body.data.branches.map((b) => b.name)).toEqual(['Acme Main', 'Zeta']);
  });

  it('rejects a malformed email and a too-short password with the spec messages', async () => {
    const r = await call(t.app, 'POST', LOGIN, { body: { email: 'nope', password: 'x' } });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ email: [MSG.invalidEmail], password: [MSG.invalidPassword] });
  });

  it('treats missing fields and a missing body as invalid fields, not a crash', async () => {
    const r = await call(t.app, 'POST', LOGIN, {});
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ email: [MSG.invalidEmail], password: [MSG.invalidPassword] });
    const wrongTypes = await call(t.app, 'POST', LOGIN, { body: { email: 12, password: ['a'] } });
    expect(wrongTypes.status).toBe(422);
    expect(wrongTypes.body.errors).toEqual({ email: [MSG.invalidEmail], password: [MSG.invalidPassword] });
  });

  it('gives the same 422 for an unknown account and a wrong password', async () => {
    const unknown = await call(t.app, 'POST', LOGIN, {
      body: { email: 'ghost@example.test', password: 'secret-pass' },
    });
    const wrong = await call(t.app, 'POST', LOGIN, { body: { email: staffEmail, password: 'wrong-pass' } });
    expect(unknown.status).toBe(422);
    expect(wrong.status).toBe(422);
    expect(unknown.body).toEqual(wrong.body);
    expect(wrong.body.errors).toEqual({ email: [MSG.invalidCredentials] });
  });

  it('answers 400 for malformed JSON', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: LOGIN,
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: MSG.invalidBody });
  });
});

describe('login rate limits', () => {
  it('limits failed attempts per e-mail and address with 429 and Retry-After, then lets the user in after the window', async () => {
    const user = await createUser(t.deps.db, { password: 'right-pass' });
    for (let i = 0; i < 5; i += 1) {
      const r = await call(t.app, 'POST', LOGIN, {
        body: { email: user.email, password: 'bad-pass' },
        ip: '10.1.0.7',
      });
      expect(r.status).toBe(422);
    }
    const limited = await call(t.app, 'POST', LOGIN, {
      body: { email: user.email, password: 'right-pass' },
      ip: '10.1.0.7',
    });
    expect(limited.status).toBe(429);
    // The words match the wait: an account's lockout lasts 15 minutes ("Please wait 15 minutes").
    expect([limited.headers['retry-after'], limited.body.message]).toEqual([
      '900',
      tooManyLoginsMessage(900),
    ]);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(15 * 60_000 + 1000);
    const again = await call(t.app, 'POST', LOGIN, {
      body: { email: user.email, password: 'right-pass' },
      ip: '10.1.0.7',
    });
    expect(again.status).toBe(200);
  });

  it('failures spread over many addresses do not lock the owner out of a known address', async () => {
    const user = await createUser(t.deps.db, { password: 'right-pass' });
    const owner = '10.2.0.1';
    expect(
      (await call(t.app, 'POST', LOGIN, { body: { email: user.email, password: 'right-pass' }, ip: owner }))
        .status,
    ).toBe(200);
    // LOGIN_LIMIT_PER_EMAIL is 5 here: 10 x 5 failures from fifty addresses reach the e-mail-wide budget.
    for (let i = 0; i < 50; i += 1) {
      await call(t.app, 'POST', LOGIN, { body: { email: user.email, password: 'bad' }, ip: `10.3.0.${i}` });
    }
    const stranger = await call(t.app, 'POST', LOGIN, {
      body: { email: user.email, password: 'right-pass' },
      ip: '10.4.0.1',
    });
    expect(stranger.status).toBe(429);
    const known = await call(t.app, 'POST', LOGIN, {
      body: { email: user.email, password: 'right-pass' },
      ip: owner,
    });
    expect(known.status).toBe(200);
  });

  it('limits attempts per IP address', async () => {
    const strict = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '3' } });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i += 1) {
        const r = await call(strict.app, 'POST', LOGIN, {
          body: { email: `p${i}@example.test`, password: 'whatever' },
          ip: '10.9.9.9',
        });
        codes.push(r.status);
      }
      expect(codes).toEqual([422, 422, 422, 429]);
      const other = await call(strict.app, 'POST', LOGIN, {
        body: { email: 'p9@example.test', password: 'whatever' },
        ip: '10.9.9.10',
      });
      expect(other.status).toBe(422);
    } finally {
      await strict.close();
    }
  });
});

describe('sessions', () => {
  it('auth/check answers user, company and branches; no token is a 401', async () => {
    const token = await loginToken(t.app, staffEmail, 'secret-pass');
    const r = await call<{
      data: { user: { email: string }; company: { name: string }; branches: unknown[] };
    }>(t.app, 'GET', CHECK, { token });
    expect(r.status).toBe(200);
    expect(r.body.data.user.email).toBe(staffEmail);
    expect(r.body.data.company.name).toBe('Acme Moving');
    expect(r.body.data.branches).toHaveLength(2);
    expect((await call(t.app, 'GET', CHECK)).status).toBe(401);
    expect((await call(t.app, 'GET', CHECK, { token: 'not-a-real-token-at-all' })).status).toBe(401);
    expect((await call(t.app, 'GET', CHECK, { headers: { authorization: 'Basic abc' } })).status).toBe(401);
  });

  it('customers have no company and no branches', async () => {
    const c = await createUser(t.deps.db, { role: 'customer', password: 'cust-pass' });
    const r = await call<{ data: { company: null; branches: unknown[]; user: { isCustomer: boolean } } }>(
      t.app,
      'GET',
      CHECK,
      { token: await loginToken(t.app, c.email, 'cust-pass') },
    );
    expect(r.body.data).toMatchObject({ company: null, branches: [], user: { isCustomer: true } });
  });

  it('logout revokes the token', async () => {
    const token = await loginToken(t.app, staffEmail, 'secret-pass');
    expect((await call(t.app, 'POST', '/api/dashboard/auth/logout', { token })).status).toBe(200);
    expect((await call(t.app, 'GET', CHECK, { token })).status).toBe(401);
  });

  it('a token is valid for 604800 seconds and not a second longer', async () => {
    const token = await loginToken(t.app, staffEmail, 'secret-pass');
    clock.advance((TOKEN_LIFETIME_SECONDS - 1) * 1000);
    expect((await call(t.app, 'GET', CHECK, { token })).status).toBe(200);
    clock.advance(1000);
    expect((await call(t.app, 'GET', CHECK, { token })).status).toBe(401);
  });
});

describe('PUT auth/update-password', () => {
  it('needs the right old password and signs out other sessions', async () => {
    const u = await createUser(t.deps.db, { role: 'labor', password: 'old-pass' });
    const token = await loginToken(t.app, u.email, 'old-pass');
    const other = await loginToken(t.app, u.email, 'old-pass');
    const url = '/api/dashboard/auth/update-password';

    const wrong = await call(t.app, 'PUT', url, {
      token,
      body: { old_password: 'nope-nope', new_password: 'new-pass' },
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ old_password: [MSG.wrongOldPassword] });

    const short = await call(t.app, 'PUT', url, {
      token,
      body: { old_password: 'old-pass', new_password: '12345' },
    });
    expect(short.status).toBe(422);
    expect(short.body.errors?.new_password).toEqual([MSG.passwordMin6]);

    const missing = await call(t.app, 'PUT', url, { token, body: {} });
    expect(missing.body.errors).toEqual({
      old_password: [MSG.fieldRequired],
      new_password: [MSG.fieldRequired],
    });

    const done = await call(t.app, 'PUT', url, {
      token,
      body: { old_password: 'old-pass', new_password: 'new-pass' },
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MSG.passwordUpdated);
    expect((await call(t.app, 'GET', CHECK, { token })).status).toBe(200);
    expect((await call(t.app, 'GET', CHECK, { token: other })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', LOGIN, { body: { email: u.email, password: 'old-pass' } })).status,
    ).toBe(422);
    expect(
      (await call(t.app, 'POST', LOGIN, { body: { email: u.email, password: 'new-pass' } })).status,
    ).toBe(200);
  });

  it('customers need at least 8 characters', async () => {
    const u = await createUser(t.deps.db, { role: 'customer', password: 'old-pass' });
    const token = await loginToken(t.app, u.email, 'old-pass');
    const r = await call(t.app, 'PUT', '/api/dashboard/auth/update-password', {
      token,
      body: { old_password: 'old-pass', new_password: '1234567' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ new_password: [MSG.passwordMin8] });
  });
});

describe('password reset', () => {
  it('answers the same for known and unknown accounts and e-mails a single-use link', async () => {
    const u = await createUser(t.deps.db, { password: 'forgotten', firstName: 'Rita' });
    const session = await loginToken(t.app, u.email, 'forgotten');
    const known = await call(
      t.app,
      'GET',
      `/api/dashboard/auth/reset-password/${encodeURIComponent(u.email)}`,
    );
    const unknown = await call(t.app, 'GET', '/api/dashboard/auth/reset-password/nobody%40example.test');
    expect(known.status).toBe(200);
    expect(known.body).toEqual(unknown.body);
    expect(known.body.message).toBe(MSG.resetLinkSent);
    expect(await mailsTo(t.deps.db, 'nobody@example.test')).toHaveLength(0);

    const [mail] = await mailsTo(t.deps.db, u.email);
    expect(mail?.subject).toBe('Reset your Haulpro password');
    expect(mail?.status).toBe('stored');
    const token = await linkToken(t.deps.db, u.email, '/reset-password');

    const tooShort = await call(t.app, 'POST', '/api/dashboard/auth/reset-password', {
      body: { token, password: 'short' },
    });
    expect(tooShort.status).toBe(422);
    expect(tooShort.body.errors).toEqual({ password: [MSG.passwordMin8] });

    const done = await call(t.app, 'POST', '/api/dashboard/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    });
    expect(done.status).toBe(200);
    expect(done.body.message).toBe(MSG.passwordResetDone);
    expect((await call(t.app, 'GET', CHECK, { token: session })).status).toBe(401);
    expect(
      (await call(t.app, 'POST', LOGIN, { body: { email: u.email, password: 'brand-new-pass' } })).status,
    ).toBe(200);

    const reused = await call(t.app, 'POST', '/api/dashboard/auth/reset-password', {
      body: { token, password: 'another-pass' },
    });
    expect(reused.status).toBe(422);
    expect(reused.body.errors).toEqual({ token: [MSG.resetLinkInvalid] });
  });

  it('expires links after an hour and sends at most one e-mail a minute', async () => {
    const u = await createUser(t.deps.db, { password: 'forgotten' });
    const url = `/api/dashboard/auth/reset-password/${encodeURIComponent(u.email)}`;
    await call(t.app, 'GET', url);
    await call(t.app, 'GET', url);
    expect(await mailsTo(t.deps.db, u.email)).toHaveLength(1);
    const token = await linkToken(t.deps.db, u.email, '/reset-password');
    clock.advance(3600_000 + 1000);
    const r = await call(t.app, 'POST', '/api/dashboard/auth/reset-password', {
      body: { token, password: 'brand-new-pass' },
    });
    expect(r.status).toBe(422);
  });

  it('validates the e-mail in the path', async () => {
    const r = await call(t.app, 'GET', '/api/dashboard/auth/reset-password/not-an-email');
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({ email: [MSG.invalidEmail] });
  });
});

describe('POST auth/register', () => {
  const url = '/api/dashboard/auth/register';

  it('registers a customer, trims values, e-mails a verification link that verifies once', async () => {
    const referrer = await createUser(t.deps.db, { referralCode: 'REFER77' });
    const r = await call<{
      data: { id: number; email: string; role: string; is_email_verified: boolean; first_name: string };
    }>(t.app, 'POST', url, {
      body: {
        first_name: '  Nora ',
        last_name: ' Lee ',
        email: ' Nora@Example.test ',
        password: 'long-enough',
        referral_code: 'refer77',
      },
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(MSG.registered);
    expect(r.body.data).toMatchObject({
      first_name: 'Nora',
      email: 'nora@example.test',
      role: 'customer',
      is_email_verified: false,
    });
    expect(referrer.id).toBeGreaterThan(0);

    const token = await linkToken(t.deps.db, 'nora@example.test', '/verify-email');
    const verify = await call(t.app, 'POST', '/api/dashboard/auth/verify-email', { body: { token } });
    expect(verify.status).toBe(200);
    expect(verify.body.message).toBe(MSG.emailVerified);
    const session = await loginToken(t.app, 'nora@example.test', 'long-enough');
    const check = await call<{ data: { user: { is_email_verified: boolean } } }>(t.app, 'GET', CHECK, {
      token: session,
    });
    expect(check.body.data.user.is_email_verified).toBe(true);
    expect((await call(t.app, 'POST', '/api/dashboard/auth/verify-email', { body: { token } })).status).toBe(
      422,
    );
  });

  it('answers every invalid field with the spec messages', async () => {
    const r = await call(t.app, 'POST', url, {
      body: { first_name: ' ', last_name: '', email: 'x@', password: 'short', referral_code: 'ABC' },
    });
    expect(r.status).toBe(422);
    expect(r.body.errors).toEqual({
      first_name: [MSG.invalidFirstName],
      last_name: [MSG.invalidLastName],
      email: [MSG.invalidEmail],
      password: [MSG.invalidPassword],
      referral_code: [MSG.referralCodeMissing],
    });
  });

  it('refuses an unknown referral code and a taken e-mail (any case)', async () => {
    const base = { first_name: 'A', last_name: 'B', password: 'long-enough' };
    const unknownCode = await call(t.app, 'POST', url, {
      body: { ...base, email: 'a1@example.test', referral_code: 'ZZZZZZZ' },
    });
    expect(unknownCode.status).toBe(422);
    expect(unknownCode.body.errors).toEqual({ referral_code: [MSG.referralCodeMissing] });
    const taken = await call(t.app, 'POST', url, { body: { ...base, email: staffEmail.toUpperCase() } });
    expect(taken.status).toBe(422);
    expect(taken.body.errors).toEqual({ email: [MSG.emailTaken] });
  });

  it('resends the verification e-mail at most once a minute', async () => {
    await call(t.app, 'POST', url, {
      body: { first_name: 'V', last_name: 'W', email: 'resend@example.test', password: 'long-enough' },
    });
    const token = await loginToken(t.app, 'resend@example.test', 'long-enough');
    const early = await call(t.app, 'POST', '/api/dashboard/auth/email/resend', { token });
    expect(early.status).toBe(429);
    clock.advance(61_000);
    const later = await call(t.app, 'POST', '/api/dashboard/auth/email/resend', { token });
    expect(later.status).toBe(200);
    expect(later.body.message).toBe(MSG.verificationSent);
    expect(await mailsTo(t.deps.db, 'resend@example.test')).toHaveLength(2);
  });
});

describe('races have exactly one winner', () => {
  it('five simultaneous sign-ups with one e-mail create one account', async () => {
    const body = { first_name: 'R', last_name: 'S', email: 'race@example.test', password: 'long-enough' };
    const results = await Promise.all(
      Array.from({ length: 5 }, () => call(t.app, 'POST', '/api/dashboard/auth/register', { body })),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422, 422, 422, 422]);
  });

  it('a reset link used twice at once works once', async () => {
    const u = await createUser(t.deps.db, { password: 'forgotten' });
    await call(t.app, 'GET', `/api/dashboard/auth/reset-password/${encodeURIComponent(u.email)}`);
    const token = await linkToken(t.deps.db, u.email, '/reset-password');
    const results = await Promise.all(
      ['first-new-pass', 'second-new-pass'].map((password) =>
        call(t.app, 'POST', '/api/dashboard/auth/reset-password', { body: { token, password } }),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual([200, 422]);
  });
});
