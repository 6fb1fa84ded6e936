import type { TOrderStatus } from '@haulpro/shared/order';
import { ORDER_STATUS as S } from '@haulpro/shared/order';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { count, sql } from 'drizzle-orm';
import { todayIn } from '../../domain/availability.ts';
import { notify } from '../../modules/notifications/notifications.service.ts';
import type { TStorage } from '../../storage/storage.ts';
import type { TDb, TTx } from '../client.ts';
import { rescheduleRequests, users } from '../schema.ts';
import { seedDemoDeliveries } from './delivery-seed.ts';
import { seedDemoTeams } from './demo-teams.ts';
import { createBranchAtZip, createCompany, createUser } from './factories.ts';
import { seedDemoMarketplace } from './marketplace.ts';
import { seedDemoMoveDay } from './move-day-seed.ts';
import { createOrder } from './order-factory.ts';
import { seedDemoPayouts } from './payouts-seed.ts';
import { seedDemoPhotos } from './profile-photos-seed.ts';
import { seedDemoProfile } from './profile-seed.ts';
import { seedDemoReferrals } from './referrals-seed.ts';
import { seedDemoReviews } from './review-seed.ts';
import { seedDemoTexts } from './sms-seed.ts';
import { seedDemoTalk } from './talk-seed.ts';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS = {
  staff: 'staff@demo.test',
  customer: 'customer@demo.test',
  labor: 'labor@demo.test',
  admin: 'admin@demo.test',
  /** A helper who has not connected a payout account yet: one delivery waits for it. */
  newHelper: 'newhelper@demo.test',
} as const;

/** Demo data for an empty database: one company with two branches and one account per role. */
export async function seedDemoIfEmpty(
  db: TDb,
  storage?: TStorage,
  publicUrl = process.env.PUBLIC_URL ?? 'http://localhost:3000',
): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  // Several replicas may start at once on an empty database: the first seeds (holding the lock
  // until it commits), the others then find its users and seed nothing.
  const seeded = await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727003)`);
    const [again] = await tx.select({ n: count() }).from(users);
    if ((again?.n ?? 0) > 0) return false;
    const company = await createCompany(tx, { name: 'Demo Movers' });
    const la = await createBranchAtZip(tx, '90001', {
      companyId: company.id,
      name: 'Demo Movers Los Angeles',
      slug: 'demo-movers-los-angeles',
      address: '1200 E Florence Ave',
      primaryPhone: '+1 (213) - 555 - 0110',
      serviceArea: 25,
      isMain: true,
    });
    const pasadena = await createBranchAtZip(tx, '91101', {
      companyId: company.id,
      name: 'Demo Movers Pasadena',
      slug: 'demo-movers-pasadena',
      address: '55 E Colorado Blvd',
      primaryPhone: '+1 (626) - 555 - 0120',
      serviceArea: 30,
    });
    const common = { password: DEMO_PASSWORD, isEmailVerified: true };
    const staff = await createUser(tx, {
      ...common,
      role: 'staff',
      email: DEMO_ACCOUNTS.staff,
      firstName: 'Sam',
      lastName: 'Staff',
      companyId: company.id,
      phone: '+1 (213) - 555 - 0101',
      referralCode: 'STAFF01',
    });
    const customer = await createUser(tx, {
      ...common,
      role: 'customer',
      email: DEMO_ACCOUNTS.customer,
      firstName: 'Casey',
      lastName: 'Customer',
      phone: '+1 (213) - 555 - 0102',
      referralCode: 'DEMO123',
    });
    const labor = await createUser(tx, {
      ...common,
      role: 'labor',
      email: DEMO_ACCOUNTS.labor,
      firstName: 'Lee',
      lastName: 'Labor',
      phone: '+1 (213) - 555 - 0103',
      referralCode: 'LABOR01',
    });
    const admin = await createUser(tx, {
      ...common,
      role: 'admin',
      email: DEMO_ACCOUNTS.admin,
      firstName: 'Ada',
      lastName: 'Admin',
      referralCode: 'ADMIN01',
    });
    await seedDemoOrders(tx, {
      customerId: customer.id,
      companyId: company.id,
      branchIds: [la.id, pasadena.id],
      now: new Date(),
    });
    await seedDemoMarketplace(tx, [la.id, pasadena.id], company.id);
    await seedDemoProfile(tx, [la.id, pasadena.id], new Date());
    await seedDemoTeams(tx, { companyId: company.id, branchIds: [la.id, pasadena.id], now: new Date() });
    await seedDemoDeliveries(tx, {
      customerId: customer.id,
      laborId: labor.id,
      companyId: company.id,
      branchIds: [la.id, pasadena.id],
      adminId: admin.id,
      now: new Date(),
      storage,
    });
    const newHelper = await createUser(tx, {
      ...common,
      role: 'labor',
      email: DEMO_ACCOUNTS.newHelper,
      firstName: 'Noa',
      lastName: 'Newhelper',
      phone: '+1 (213) - 555 - 0104',
      referralCode: 'LABOR02',
    });
    await seedDemoPayouts(tx, {
      customerId: customer.id,
      companyId: company.id,
      branchId: la.id,
      laborId: labor.id,
      waitingLaborId: newHelper.id,
      now: new Date(),
    });
    await seedDemoMoveDay(tx, {
      customerId: customer.id,
      companyId: company.id,
      branchId: la.id,
      now: new Date(),
      storage,
    });
    await seedDemoTalk(tx, {
      customerId: customer.id,
      companyId: company.id,
      staffId: staff.id,
      laborId: labor.id,
      now: new Date(),
      storage,
    });
    await seedDemoPhotos(tx, la.id, storage);
    await seedDemoReviews(tx, {
      companyId: company.id,
      branchIds: [la.id, pasadena.id],
      staffId: staff.id,
      customerId: customer.id,
      now: new Date(),
    });
    await seedDemoReferrals(tx, {
      customerId: customer.id,
      customerCode: customer.referralCode,
      staffId: staff.id,
      companyId: company.id,
      branchId: la.id,
      now: new Date(),
    });
    await seedDemoTexts(tx, {
      customerId: customer.id,
      companyId: company.id,
      branchId: la.id,
      now: new Date(),
      publicUrl,
    });
    await notify(tx, staff.id, { title: 'Welcome to Haulpro, Demo Movers!', link: '/locations' });
    await notify(tx, customer.id, {
      title: 'Welcome to Haulpro! Start your first move.',
      link: '/user-dashboard',
    });
    await notify(tx, labor.id, {
      title: 'Welcome to Haulpro! Complete your settings.',
      link: '/labor-settings',
    });
    return true;
  });
  return seeded;
}

/** Orders in every status, over past, present and future dates, so every screen has something to show. */
export async function seedDemoOrders(
  tx: TTx,
  v: { customerId: number; companyId: number; branchIds: number[]; now: Date },
) {
  const today = todayIn('America/Los_Angeles', v.now);
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const plan: [TOrderStatus, number, TShowUpWindow, Partial<Parameters<typeof createOrder>[1]>][] = [
    [S.new, 2, '8-9', { responseDeadline: new Date(v.now.getTime() + 20 * 3_600_000) }],
    [
      S.new,
      5,
      '12-3',
      { responseDeadline: new Date(v.now.getTime() + 23 * 3_600_000), typeService: 2, hours: 4, helpers: 3 },
    ],
    [
      S.new,
      9,
      '9-10',
      { responseDeadline: new Date(v.now.getTime() + 6 * 3_600_000), archivedByCompany: false },
    ],
    [S.waitingForPayment, 7, '10-11', {}],
    [S.accepted, 3, '7-8', { typeService: 2, hours: 5, helpers: 3 }],
    [S.accepted, 12, '1-4', {}],
    [S.accepted, 0, '11-12', {}],
    [S.beingRescheduled, 6, '2-5', { statusBeforeReschedule: S.accepted, rescheduleRequestedBy: 'customer' }],
    [S.beingCompleted, -1, '8-9', { typeService: 2, hours: 6, helpers: 4 }],
    [S.completed, -12, '9-10', {}],
    [S.completed, -40, '8-9', { typeService: 2 }],
    [S.cancelled, -3, '12-3', {}],
    [S.rejected, -6, '3-6', {}],
  ];
  let i = 0;
  for (const [status, offset, window, extra] of plan) {
    const order = await createOrder(tx, {
      customerId: v.customerId,
      companyId: v.companyId,
      branchId: v.branchIds[i % v.branchIds.length]!,
      status,
      arrivalDate: day(offset),
      arrivalTime: window,
      ...extra,
    });
    if (status === S.beingRescheduled) {
      // A pending request from the customer, so the company has something to approve or decline.
      await tx.insert(rescheduleRequests).values({
        orderId: order.id,
        requestedBy: 'customer',
        requestedDate: day(offset + 2),
        requestedTime: '9-10',
        note: 'Our new lease starts two days later.',
        price: order.orderPrice,
      });
    }
    i += 1;
  }
}
