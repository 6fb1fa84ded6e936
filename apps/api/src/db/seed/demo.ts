import { count } from 'drizzle-orm';
import { notify } from '../../modules/notifications/notifications.service.ts';
import type { TDb } from '../client.ts';
import { users } from '../schema.ts';
import { createBranchAtZip, createCompany, createUser } from './factories.ts';

export const DEMO_PASSWORD = 'demo-password';

export const DEMO_ACCOUNTS = {
  staff: 'staff@demo.test',
  customer: 'customer@demo.test',
  labor: 'labor@demo.test',
  admin: 'admin@demo.test',
} as const;

/** Demo data for an empty database: one company with two branches and one account per role. */
export async function seedDemoIfEmpty(db: TDb): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return false;
  await db.transaction(async (tx) => {
    const company = await createCompany(tx, { name: 'Demo Movers' });
    await createBranchAtZip(tx, '90001', {
      companyId: company.id,
      name: 'Demo Movers Los Angeles',
      slug: 'demo-movers-los-angeles',
      address: '1200 E Florence Ave',
      primaryPhone: '+1 (213) - 555 - 0110',
      serviceArea: 25,
      isMain: true,
    });
    await createBranchAtZip(tx, '91101', {
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
    await createUser(tx, {
      ...common,
      role: 'admin',
      email: DEMO_ACCOUNTS.admin,
      firstName: 'Ada',
      lastName: 'Admin',
      referralCode: 'ADMIN01',
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
  });
  return true;
}
