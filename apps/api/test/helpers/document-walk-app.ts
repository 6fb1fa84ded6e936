import { ORDER_STATUS } from '@haulpro/shared/order';
import { createBranch } from '../../src/db/seed/factories.ts';
import { createOrder } from '../../src/db/seed/order-factory.ts';
import type { TDoc } from './openapi-walk.ts';
import { usersOfEveryRole } from './sessions.ts';
import { createTestApp } from './test-app.ts';

/**
 * An app for the tests that walk the OpenAPI document: sign-in limits out of the way, a user of
 * every role, and real rows of every kind the paths name (a user, a branch of the staff's company,
 * an accepted order), so handlers run past "not found"; and the document itself.
 */
export async function documentWalkApp() {
  const t = await createTestApp({ env: { LOGIN_LIMIT_PER_IP: '100000', LOGIN_LIMIT_PER_EMAIL: '100000' } });
  const db = t.deps.db;
  const users = await usersOfEveryRole(db);
  const staff = await db.query.users.findFirst({ where: (u, { eq }) => eq(u.id, users.staff.id) });
  const companyId = staff?.companyId as number;
  const branch = await createBranch(db, { companyId });
  const order = await createOrder(db, {
    customerId: users.customer.id,
    companyId,
    branchId: branch.id,
    status: ORDER_STATUS.accepted,
    arrivalDate: '2026-12-15',
  });
  const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as TDoc;
  return { t, doc, users, branchId: branch.id, orderId: order.id };
}
