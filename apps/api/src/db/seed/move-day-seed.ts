import { randomUUID } from 'node:crypto';
import type { TJobEventType } from '@haulpro/shared/move-day';
import { ORDER_STATUS as S, type TOrderStatus } from '@haulpro/shared/order';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { todayIn } from '../../domain/availability.ts';
import { netOf, platformFeeOf } from '../../domain/payout-ledger.ts';
import { jobView } from '../../modules/move-day/job-view.ts';
import {
  addressesOf,
  changesOf,
  crewOf,
  eventsOf,
  findJob,
} from '../../modules/move-day/move-day.repository.ts';
import { workOrderPdf } from '../../modules/move-day/work-order-pdf.ts';
import type { TStorage } from '../../storage/storage.ts';
import type { TTx } from '../client.ts';
import {
  crews,
  jobChanges,
  jobCrewTimes,
  jobEvents,
  orderCrews,
  orderJobs,
  orders,
  payouts,
} from '../schema.ts';
import { signaturePng } from './gradient-png.ts';
import { createOrder } from './order-factory.ts';

const MIN = 60_000;
const HOUR = 60 * MIN;
const DAY = 24 * HOUR;

type TStep = [TJobEventType, number];

/**
 * Move day's demo (issue 28, decision 030) for Demo Movers Los Angeles: today, a job with the
 * crew's clock running (on the way, arrived, started, a break taken); one finished and waiting
 * for the customer's signature with a change approved on the phone and one waiting; one signed
 * that ran over its booked hours with an approved change, its work order PDF on the order; and a
 * week of finished jobs behind the timesheets. (Today's accepted job not started yet is one of
 * the demo orders.) Every number comes from the same bill the API computes.
 */
export async function seedDemoMoveDay(
  tx: TTx,
  v: { customerId: number; companyId: number; branchId: number; now: Date; storage?: TStorage | undefined },
) {
  const today = todayIn('America/Los_Angeles', v.now);
  const dayOf = (at: Date) => todayIn('America/Los_Angeles', at);
  const team = await tx
    .select({ id: crews.id })
    .from(crews)
    .where(and(eq(crews.branchId, v.branchId), eq(crews.isActive, true), isNull(crews.deletedAt)))
    .orderBy(asc(crews.id));
  const ids = team.map((c) => c.id);

  /** A cash move with its crew and its steps (times relative to `start`). */
  async function job(o: {
    status: TOrderStatus;
    date: string;
    window: TShowUpWindow;
    hours: number;
    crew: number[];
    start: Date;
    steps: TStep[];
  }) {
    const order = await createOrder(tx, {
      customerId: v.customerId,
      companyId: v.companyId,
      branchId: v.branchId,
      status: o.status,
      arrivalDate: o.date,
      arrivalTime: o.window,
      hours: o.hours,
      helpers: o.crew.length,
      createdAt: new Date(o.start.getTime() - 5 * DAY),
    });
    await tx
      .insert(orderCrews)
      .values(o.crew.map((crewId) => ({ orderId: order.id, crewId, assignedAt: order.createdAt })));
    const at = (m: number) => new Date(o.start.getTime() + m * MIN);
    await tx.insert(jobEvents).values(
      o.steps.map(([type, m]) => ({
        orderId: order.id,
        type,
        at: at(m),
        etaMinutes: type === 'on_my_way' ? 25 : null,
        idempotencyKey: randomUUID(),
        createdAt: at(m),
      })),
    );
    const last = o.steps.at(-1)!;
    const finish = o.steps.find(([t]) => t === 'finish');
    await tx
      .insert(orderJobs)
      .values({ orderId: order.id, lastAt: at(last[1]), finishedAt: finish ? at(finish[1]) : null });
    const begin = o.steps.find(([t]) => t === 'start');
    if (begin)
      await tx.insert(jobCrewTimes).values(
        o.crew.map((crewId, i) => ({
          orderId: order.id,
          crewId,
          // The third member joins half an hour late and leaves when the job finishes.
          startedAt: at(begin[1] + (i === 2 ? 30 : 0)),
          finishedAt: finish ? at(finish[1]) : null,
        })),
      );
    return order;
  }

  const change = (
    orderId: number,
    c: Partial<typeof jobChanges.$inferInsert> & { amount: number },
    at: Date,
  ) =>
    tx.insert(jobChanges).values({
      orderId,
      kind: 'stairs',
      description: 'Two extra flights of stairs at the new place',
      quantity: 2,
      status: 'approved',
      decidedOn: 'site',
      decidedAt: at,
      createdAt: at,
      ...c,
    });

  // Today, two more accepted moves nobody has started (the crew's app and the orders list take them).
  for (const window of ['9-10', '3-6'] as const) {
    const o = await createOrder(tx, {
      customerId: v.customerId,
      companyId: v.companyId,
      branchId: v.branchId,
      status: S.accepted,
      arrivalDate: today,
      arrivalTime: window,
      hours: 3,
      helpers: 2,
      // Booked (and accepted) this morning: first on the customer's dashboard.
      createdAt: new Date(v.now.getTime() - 2 * HOUR),
    });
    const crew = window === '9-10' ? ids.slice(13, 15) : ids.slice(15, 17);
    await tx
      .insert(orderCrews)
      .values(crew.map((crewId) => ({ orderId: o.id, crewId, assignedAt: o.createdAt })));
  }

  // Today, under way: on the way 2 h 40 min ago, started 2 h ago, a 15-minute break.
  const running = new Date(v.now.getTime() - 2 * HOUR);
  await job({
    status: S.accepted,
    date: today,
    window: '7-8',
    hours: 3,
    crew: ids.slice(6, 8),
    start: running,
    steps: [
      ['on_my_way', -40],
      ['arrived', -10],
      ['start', 0],
      ['break', 60],
      ['resume', 75],
    ],
  });

  // Today, finished 20 minutes ago after 3 h 20 min of work: the bill waits for the customer.
  const waiting = new Date(v.now.getTime() - 3 * HOUR - 50 * MIN);
  const w = await job({
    status: S.beingCompleted,
    date: today,
    window: '8-9',
    hours: 3,
    crew: ids.slice(8, 10),
    start: waiting,
    steps: [
      ['on_my_way', -35],
      ['arrived', -5],
      ['start', 0],
      ['break', 90],
      ['resume', 100],
      ['finish', 210],
    ],
  });
  await change(w.id, { amount: 5000 }, new Date(waiting.getTime() + 45 * MIN));
  await change(
    w.id,
    {
      kind: 'fixed',
      description: 'Mattress bags (2)',
      quantity: 1,
      amount: 2400,
      status: 'pending',
      decidedOn: null,
      decidedAt: null,
    },
    new Date(waiting.getTime() + 200 * MIN),
  );

  // Yesterday: booked 3 h, worked 4 h 10 min (billed 4 h 15 min), an approved change, signed on the phone.
  const signedStart = new Date(v.now.getTime() - DAY - 6 * HOUR);
  const s = await job({
    status: S.completed,
    date: dayOf(signedStart),
    window: '9-10',
    hours: 3,
    crew: ids.slice(10, 13),
    start: signedStart,
    steps: [
      ['on_my_way', -30],
      ['arrived', -5],
      ['start', 0],
      ['break', 120],
      ['resume', 140],
      ['finish', 270],
    ],
  });
  await change(
    s.id,
    { kind: 'heavy_item', description: 'Upright piano', quantity: 1, amount: 2500 },
    signedStart,
  );
  await confirmDemoBill(tx, s.id, new Date(signedStart.getTime() + 275 * MIN), v.storage);

  // The past week behind the timesheets: a finished, confirmed job a day with two or three of the crew.
  for (let d = 2; d <= 7; d++) {
    const start = new Date(v.now.getTime() - d * DAY - 7 * HOUR);
    const o = await job({
      status: S.completed,
      date: dayOf(start),
      window: d % 2 ? '8-9' : '10-11',
      hours: 3 + (d % 3),
      crew: ids.slice(d % 4, (d % 4) + 2 + (d % 2)),
      start,
      steps: [
        ['on_my_way', -30],
        ['arrived', -5],
        ['start', 0],
        ['break', 120],
        ['resume', 150],
        ['finish', 240 + d * 15],
      ],
    });
    await confirmDemoBill(tx, o.id, new Date(start.getTime() + (250 + d * 15) * MIN), v.storage);
  }
}

/** Confirms a finished demo job as its signature would: the bill's numbers on the order, the ledger row, the work order PDF. */
async function confirmDemoBill(tx: TTx, orderId: number, at: Date, storage: TStorage | undefined) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId));
  const parts = {
    order: order!,
    job: await findJob(tx, orderId),
    events: await eventsOf(tx, orderId),
    changes: await changesOf(tx, orderId),
    photos: [],
    crew: await crewOf(tx, orderId),
    overtimeRate: 0,
  };
  const view = jobView(parts, 'company', at);
  const total = Math.round(view.bill.total * 100);
  await tx
    .update(orders)
    .set({ finalPrice: total, balanceAmount: total, balanceStatus: 'cash', updatedAt: at })
    .where(eq(orders.id, orderId));
  const signature = signaturePng();
  const pdf = storage
    ? await workOrderPdf({
        job: { ...view, confirmed_at: at.toISOString(), confirmed_by: 'signature' },
        orderId,
        branchName: 'Demo Movers Los Angeles',
        customerName: order!.name,
        customerPhone: order!.phone,
        addresses: (await addressesOf(tx, orderId)).map(
          (a) =>
            `${a.kind === 'pickup' ? 'Pickup' : 'Destination'}: ${a.address}, ${a.cityOrTown}, ${a.state} ${a.zipCode}`,
        ),
        confirmedHow: 'Signed by the customer on site',
        confirmedAt: at,
        tip: 0,
        signaturePng: signature,
      })
    : null;
  await tx
    .update(orderJobs)
    .set({
      confirmedAt: at,
      confirmedBy: 'signature',
      signedAt: at,
      signature: storage ? await storage.save('jobs', signature, 'png') : null,
      workOrder: storage && pdf ? await storage.save('jobs', pdf, 'pdf') : null,
    })
    .where(eq(orderJobs.orderId, orderId));
  const amounts = { gross: total, platformFee: platformFeeOf(total, 1000), tip: 0, cancellationFee: 0 };
  await tx.insert(payouts).values({
    orderId,
    payeeCompanyId: order!.companyId,
    paymentMethod: 'cash',
    ...amounts,
    net: netOf(amounts),
    status: 'cash',
    createdAt: at,
    updatedAt: at,
  });
}
