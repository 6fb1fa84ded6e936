import { ORDER_STATUS, type TOrderStatus } from '@haulpro/shared/order';
import type { TThreadMessage, TThreadState } from '@haulpro/shared/talk';
import { orderHistory } from '../../src/db/schema.ts';
import { createBranchAtZip, createCompany, createUser } from '../../src/db/seed/factories.ts';
import { createOrder } from '../../src/db/seed/order-factory.ts';
import { call } from './http.ts';
import { acceptDelivery, bookDelivery, laborAt } from './move-day-deliveries.ts';
import { tokenFor } from './sessions.ts';
import type { TTestApp } from './test-app.ts';

/** The threads' tests (messages*.test.ts): every kind of caller, and jobs in each state. */

export type TThreadPageBody = {
  data: TThreadMessage[];
  meta: { current_page: number; last_page: number; per_page: number; total: number } & TThreadState;
};

export type TWorld = Awaited<ReturnType<typeof threadWorld>>;

/** Tuesday 2026-11-24, 10:00 in Los Angeles (deliveries are booked for Wednesday). */
export const THREAD_CLOCK_START = new Date('2026-11-24T18:00:00Z');

export async function threadWorld(t: TTestApp) {
  const db = t.deps.db;
  const company = await createCompany(db, { name: 'Covering Movers' });
  const branch = await createBranchAtZip(db, '90001', {
    companyId: company.id,
    name: 'Covering LA',
    isMain: true,
    serviceArea: 30,
  });
  const other = await createCompany(db, { name: 'Other Movers' });
  await createBranchAtZip(db, '90002', {
    companyId: other.id,
    name: 'Other LA',
    isMain: true,
    serviceArea: 30,
  });
  const user = async (v: Parameters<typeof createUser>[1]) => {
    const u = await createUser(db, v);
    return { id: u.id, email: u.email, token: await tokenFor(db, u.id) };
  };
  const customer = await user({ role: 'customer', firstName: 'Cora', lastName: 'Customer' });
  const otherCustomer = await user({ role: 'customer', firstName: 'Otto', lastName: 'Other' });
  const staff = await user({ role: 'staff', companyId: company.id, firstName: 'Sam', lastName: 'Staff' });
  const staff2 = await user({ role: 'staff', companyId: company.id, firstName: 'Sue', lastName: 'Staff' });
  const otherStaff = await user({ role: 'staff', companyId: other.id });
  const admin = await user({ role: 'admin' });
  const l = await laborAt(t, 34.0073, -118.2587, '90011', 'Lena');
  const labor = { ...l, email: '' };
  const otherLabor = await laborAt(t, 34.0224, -118.2851, '90007', 'Omar');

  /** An order of the customer with the company, in `status`; `history` adds its status rows. */
  const order = async (
    status: TOrderStatus,
    history: { from: TOrderStatus | null; to: TOrderStatus; at: Date }[] = [],
  ) => {
    const o = await createOrder(db, {
      customerId: customer.id,
      companyId: company.id,
      branchId: branch.id,
      status,
      arrivalDate: '2026-11-30',
    });
    for (const h of history)
      await db.insert(orderHistory).values({
        orderId: o.id,
        actorParty: 'system',
        action: 'test',
        fromStatus: h.from,
        toStatus: h.to,
        createdAt: h.at,
      });
    return o.id;
  };
  /** A delivery of the customer, accepted by `by` (a helper's or staff's token) unless null. */
  const delivery = async (by: string | null = labor.token) => {
    const id = await bookDelivery(t, customer.token, '3-6', '2026-11-25');
    if (by) await acceptDelivery(t, id, by);
    return id;
  };
  return {
    company,
    branch,
    customer,
    otherCustomer,
    staff,
    staff2,
    otherStaff,
    admin,
    labor,
    otherLabor,
    order,
    delivery,
    accepted: () =>
      order(ORDER_STATUS.accepted, [
        { from: ORDER_STATUS.new, to: ORDER_STATUS.accepted, at: THREAD_CLOCK_START },
      ]),
  };
}

/** The four threads' paths of a job: the provider's and the customer's. */
export const threadPath = (kind: 'order' | 'delivery', side: 'customer' | 'provider', id: number) =>
  `/api/dashboard/${side === 'customer' ? 'customer/' : ''}${kind === 'order' ? 'orders' : 'deliveries'}/${id}/messages`;

export const readThread = (t: TTestApp, token: string, path: string, page?: number) =>
  call<TThreadPageBody>(t.app, 'GET', page ? `${path}?page=${page}` : path, { token });

export const postMessage = (t: TTestApp, token: string, path: string, body: unknown) =>
  call<{ data: TThreadMessage }>(t.app, 'POST', path, { token, body });
