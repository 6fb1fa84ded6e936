import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, eq, inArray } from 'drizzle-orm';
import { todayIn } from '../../domain/availability.ts';
import { findZip } from '../../modules/geo/geo.repository.ts';
import type { TTx } from '../client.ts';
import { branches, crews, orderCrews, orders, users } from '../schema.ts';
import { createOrder } from './order-factory.ts';

const FIRST = ['Alex', 'Bianca', 'Carlos', 'Dee', 'Eli', 'Fatima', 'Gabe', 'Hana', 'Ivan', 'Jada'];
const LAST = ['Ortiz', 'Nguyen', 'Brooks', 'Kim', 'Silva', 'Patel'];
const TYPES = ['full_time', 'full_time', 'part_time', 'contractor'] as const;

type TMember = Omit<typeof crews.$inferInsert, 'companyId' | 'branchId'>;

/** The n-th demo member: names, phones and e-mails that never repeat within a branch. */
function member(n: number, branchTag: string, zip: string, drivers: number): TMember {
  const first = FIRST[n % FIRST.length]!;
  const last = LAST[Math.floor(n / FIRST.length) % LAST.length]!;
  return {
    firstName: first,
    lastName: last,
    email: `${first}.${last}.${branchTag}${n}@crew.demo.test`.toLowerCase(),
    phoneNumber: `+1 (213) - 555 - ${String(2000 + n).padStart(4, '0')}`,
    zipCode: zip,
    isActive: true,
    isDriver: n < drivers,
    employeeType: TYPES[n % TYPES.length]!,
  };
}

/** Inserts members with the state and city of their ZIP. */
async function addTeam(tx: TTx, companyId: number, branchId: number, list: TMember[]) {
  const places = new Map<string, Awaited<ReturnType<typeof findZip>>>();
  for (const zip of new Set(list.map((m) => m.zipCode))) places.set(zip, await findZip(tx, zip));
  return tx
    .insert(crews)
    .values(
      list.map((m) => ({
        ...m,
        stateId: places.get(m.zipCode)?.state_id ?? null,
        cityId: places.get(m.zipCode)?.city_id ?? null,
        companyId,
        branchId,
      })),
    )
    .returning({ id: crews.id });
}

/**
 * Teams (decision 019). Demo Movers Los Angeles gets 30 members (12 drivers), enough for the
 * demo bookings and every end-to-end booking on a date; Pasadena 8 (3 drivers) and one inactive
 * member. Harbor Helpers Long Beach (helpers only, covers 90001) gets two members and a booking
 * that holds both from 8 to 12 three days ahead, so a helpers-only search for that morning shows
 * the full window and offers 12-3. Demo accepted orders get a crew.
 */
export async function seedDemoTeams(tx: TTx, v: { companyId: number; branchIds: number[]; now: Date }) {
  const [la, pasadena] = v.branchIds as [number, number];
  const laTeam = await addTeam(
    tx,
    v.companyId,
    la,
    Array.from({ length: 30 }, (_, n) => member(n, 'la', '90001', 12)),
  );
  const pasTeam = await addTeam(tx, v.companyId, pasadena, [
    ...Array.from({ length: 8 }, (_, n) => member(n + 3, 'pas', '91101', 6)),
    { ...member(11, 'pas', '91101', 0), isActive: false },
  ]);

  // Demo accepted orders of the company: two or three of their branch's members each.
  const accepted = await tx
    .select({ id: orders.id, branchId: orders.branchId })
    .from(orders)
    .where(
      and(
        eq(orders.companyId, v.companyId),
        inArray(orders.status, [ORDER_STATUS.accepted, ORDER_STATUS.beingCompleted]),
      ),
    )
    .orderBy(orders.id);
  let next = 0;
  for (const o of accepted) {
    const team = o.branchId === la ? laTeam : pasTeam;
    const crew = team.slice(next % 6, (next % 6) + (o.branchId === la ? 3 : 2));
    next += 3;
    if (crew.length)
      await tx
        .insert(orderCrews)
        .values(crew.map((c) => ({ orderId: o.id, crewId: c.id, assignedAt: v.now })));
  }

  const [harbor] = await tx
    .select({ id: branches.id, companyId: branches.companyId })
    .from(branches)
    .where(eq(branches.slug, 'harbor-helpers-long-beach'));
  const [someone] = await tx
    .select({ id: users.id })
    .from(users)
    .where(eq(users.email, 'morgan.lee@demo.test'));
  if (!harbor || !someone) return;
  const pair = await addTeam(tx, harbor.companyId, harbor.id, [
    member(1, 'lb', '90802', 1),
    member(2, 'lb', '90802', 0),
  ]);
  const today = todayIn('America/Los_Angeles', v.now);
  const inThreeDays = new Date(Date.parse(`${today}T00:00:00Z`) + 3 * 86_400_000).toISOString().slice(0, 10);
  const full = await createOrder(tx, {
    customerId: someone.id,
    companyId: harbor.companyId,
    branchId: harbor.id,
    status: ORDER_STATUS.accepted,
    arrivalDate: inThreeDays,
    arrivalTime: '8-9',
    hours: 4,
    helpers: 2,
    name: 'Morgan Lee',
  });
  await tx
    .insert(orderCrews)
    .values(pair.map((c) => ({ orderId: full.id, crewId: c.id, assignedAt: v.now })));
}
