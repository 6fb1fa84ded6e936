import type { TOrderStatus } from '@haulpro/shared/order';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderHistory, reviews, workingDays } from '../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { addServicePrices } from '../src/db/seed/marketplace.ts';
import { createOrder } from '../src/db/seed/order-factory.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, createTestClock, type TTestApp } from './helpers/test-app.ts';
import { dataUrl, PNG_BYTES } from './helpers/upload-fixtures.ts';

type TPage = {
  branch_name: string;
  company_name: string;
  city: string;
  state: string;
  rating: number;
  reviews_count: number;
  times_hired: number;
  acceptance_rate: number | null;
  cancellation_rate: number | null;
  services: { helpers_only: { employees_count: number; hourly: number }[]; helpers_and_trucks: unknown[] };
  working_days: { day: number; is_active: boolean; from_hour: number; to_hour: number }[];
  payment_methods: { name: string; is_active: boolean }[];
  payment_options: string[];
  reviews: { star: number; comment: string }[];
};

let t: TTestApp;
beforeAll(async () => {
  t = await createTestApp({ clock: createTestClock(new Date('2026-11-23T18:00:00Z')) });
});
afterAll(() => t.close());

describe('the public page of a branch', () => {
  it('shows its crews, hours, record and published reviews, to anyone', async () => {
    const db = t.deps.db;
    const company = await createCompany(db, { name: 'Public Co' });
    const b = await createBranchAtZip(db, '90210', {
      companyId: company.id,
      name: 'Public BH',
      slug: 'public-bh',
      isMain: true,
    });
    await addServicePrices(db, b.id, { helpersOnly: [90, 130], withTrucks: [150], helpersOnlyCrews: [2, 3] });
    await db.insert(workingDays).values({ branchId: b.id, day: 0, isActive: false, fromHour: 7, toHour: 18 });
    const customer = await createUser(db, { role: 'customer', firstName: 'Ana', lastName: 'Lopez' });
    // Three answered orders: two accepted (one completed, one cancelled by the company), one declined.
    const mk = (status: TOrderStatus) =>
      createOrder(db, {
        customerId: customer.id,
        companyId: company.id,
        branchId: b.id,
        status,
        arrivalDate: '2026-11-10',
      });
    const done = await mk(5);
    const cancelled = await mk(4);
    const declined = await mk(3);
    await db.insert(orderHistory).values([
      { orderId: done.id, actorParty: 'company', action: 'accept', fromStatus: 1, toStatus: 2 },
      { orderId: cancelled.id, actorParty: 'company', action: 'accept', fromStatus: 1, toStatus: 2 },
      { orderId: cancelled.id, actorParty: 'company', action: 'cancel', fromStatus: 2, toStatus: 4 },
      { orderId: declined.id, actorParty: 'company', action: 'reject', fromStatus: 1, toStatus: 3 },
    ]);
    const [r] = await db
      .insert(reviews)
      .values({
        orderId: done.id,
        senderUserId: customer.id,
        senderParty: 'customer',
        receiverBranchId: b.id,
        star: 4,
        comment: 'Quick and careful crew.',
      })
      .returning();
    await db.insert(reviews).values({
      orderId: cancelled.id,
      senderUserId: customer.id,
      senderParty: 'customer',
      receiverBranchId: b.id,
      star: 1,
      comment: 'Still a draft, not public.',
    });
    await db.transaction((tx) => t.services.reviews.publishReviews(tx, new Date(), { ids: [r!.id] }));

    const page = await call<{ data: TPage }>(t.app, 'GET', '/api/public/branches/public-bh');
    expect(page.status).toBe(200);
    expect(page.body.data).toMatchObject({
      branch_name: 'Public BH',
      company_name: 'Public Co',
      city: 'Beverly Hills',
      state: 'CA',
      rating: 4,
      reviews_count: 1,
      times_hired: 1,
      acceptance_rate: 0.667,
      cancellation_rate: 0.5,
      payment_methods: [],
      payment_options: ['cash'],
    });
    expect(page.body.data.services.helpers_only).toEqual([
      expect.objectContaining({ employees_count: 2, hourly: 90 }),
      expect.objectContaining({ employees_count: 3, hourly: 130 }),
    ]);
    expect(page.body.data.services.helpers_and_trucks).toHaveLength(1);
    expect(page.body.data.working_days).toHaveLength(7);
    expect(page.body.data.working_days[0]).toMatchObject({ day: 0, is_active: false });
    expect(page.body.data.working_days[1]).toMatchObject({
      day: 1,
      is_active: true,
      from_hour: 7,
      to_hour: 18,
    });
    expect(page.body.data.reviews.map((x) => x.comment)).toEqual(['Quick and careful crew.']);
  });

  it('shows what staff save on /profile: about, photos pinned first, services, credentials without numbers, payment methods, FAQ', async () => {
    const db = t.deps.db;
    const company = await createCompany(db, { name: 'Profile Co' });
    const b = await createBranchAtZip(db, '90210', {
      companyId: company.id,
      name: 'Profile BH',
      slug: 'profile-bh',
    });
    const staff = await createUser(db, { role: 'staff', companyId: company.id });
    const token = await tokenFor(db, staff.id);
    const dash = async (method: 'GET' | 'POST' | 'PUT', path: string, body?: unknown) => {
      const r = await call<{ data: { id: number } & Record<string, unknown> }>(
        t.app,
        method,
        `/api/dashboard${path}`,
        {
          token,
          body,
        },
      );
      expect(r.status, `${method} ${path}`).toBe(200);
      return r.body.data;
    };
    const before = await call<{ data: TPage & Record<string, unknown> }>(
      t.app,
      'GET',
      '/api/public/branches/profile-bh',
    );
    // Nothing filled in yet: every section has its empty state to show.
    expect(before.body.data).toMatchObject({
      about_us: null,
      photos: [],
      selected_service: [],
      answers: [],
      payment_methods: [],
      is_checked: false,
      credentials: { mtr_license: null, uniformed_crew: false, drug_test: false },
    });

    const about =
      `We move families with care. <script>alert('x')</script> ${'Always on time. '.repeat(40)}`.slice(
        0,
        900,
      );
    await dash('PUT', `/branches/${b.id}`, { new_data: { about_us: about } });
    const intro = (await dash('GET', `/branches/${b.id}?section=introduction`)) as unknown as {
      services: { id: number; service: string }[];
      faqs: { faq_id: number; question: string }[];
    };
    const [s1, s2] = intro.services;
    await dash('PUT', `/branches/${b.id}`, {
      new_data: {
        selected_services: [
          { id: s2!.id, is_active: true },
          { id: s1!.id, is_active: false },
        ],
      },
    });
    const q = intro.faqs[0]!;
    await dash('POST', '/faqs', { branch_id: b.id, faq_id: q.faq_id, answer: 'Pack small things in boxes.' });
    const expiry = '2027-06-30';
    for (const body of [
      {
        data_name: 'mtr_license',
        data: { mtr_license_number: 'MTR-SECRET-1', issuing_city: 'Los Angeles', expiration_date: expiry },
      },
      {
        data_name: 'general_liability_license',
        data: { policy_number: 'GL-SECRET-2', policy_issuer: 'Acme', expiration_date: expiry },
      },
      {
        data_name: 'cargo_insurance_license',
        data: { policy_number: 'CG-SECRET-3', policy_issuer: 'Acme', expiration_date: expiry },
      },
      {
        data_name: 'transportation_service_license',
        data: {
          mc_number: 'MC-SECRET-4',
          dot_number: 'DOT-SECRET-5',
          expiration_date: expiry,
          state_lic_issuer: 'California',
          state_lic_number: 'CA-SECRET-6',
          authority: 'Both',
        },
      },
      { data_name: 'drug_test', data: 1 },
    ]) {
      await dash('PUT', `/branches/${b.id}`, body);
    }
    const first = await dash('POST', `/branches/${b.id}/photos`, { photo: dataUrl('image/png', PNG_BYTES) });
    const second = await dash('POST', `/branches/${b.id}/photos`, { photo: dataUrl('image/png', PNG_BYTES) });
    await dash('PUT', `/branches/${b.id}/photos/${first.id}`, { is_pinned: 1 });
    await dash('PUT', `/companies/${company.id}`, {
      payment_methods: [
        { name: 'Visa', is_active: true },
        { name: 'Zelle', is_active: false },
        { name: 'Venmo', is_active: true },
      ],
    });

    const page = await call<{ data: TPage & Record<string, unknown> }>(
      t.app,
      'GET',
      '/api/public/branches/profile-bh',
    );
    expect(page.status).toBe(200);
    const data = page.body.data;
    expect(data.about_us).toBe(about.trim());
    expect((data.photos as { id: number }[]).map((p) => p.id)).toEqual([first.id, second.id]);
    expect(data.selected_service).toEqual([{ id: s2!.id, service: s2!.service, is_active: true }]);
    expect(data.answers).toEqual([
      expect.objectContaining({ question: q.question, answer: 'Pack small things in boxes.' }),
    ]);
    expect(data.payment_methods).toEqual([
      { name: 'Visa', is_active: true },
      { name: 'Venmo', is_active: true },
    ]);
    expect(data.is_checked).toBe(true);
    expect(data.credentials).toMatchObject({
      mtr_license: { issuer: 'Los Angeles', expiration_date: expiry, is_expired: false },
      transportation_service_license: { issuer: 'California', authority: 'Both' },
      workers_compensation_license: null,
      drug_test: true,
      uniformed_crew: false,
    });
    // Licence and policy numbers never leave the dashboard.
    expect(JSON.stringify(data)).not.toMatch(/SECRET/);
  });

  it('answers 404 for an unknown slug', async () => {
    expect((await call(t.app, 'GET', '/api/public/branches/nobody-here')).status).toBe(404);
  });
});
