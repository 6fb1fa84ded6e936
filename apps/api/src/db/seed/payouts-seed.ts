import { DELIVERY_STATUS } from '@haulpro/shared/delivery';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { and, asc, eq, isNull } from 'drizzle-orm';
import { netOf, platformFeeOf, splitTip } from '../../domain/payout-ledger.ts';
import type { TTx } from '../client.ts';
import {
  branches,
  companies,
  crews,
  deliveries,
  moneyMovements,
  orderCrews,
  orders,
  payoutAccounts,
  payouts,
  payoutTipShares,
} from '../schema.ts';
import { createOrder } from './order-factory.ts';

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The demo's platform fee on moves: the default PLATFORM_FEE_PERCENT (10 %). */
const FEE_BPS = 1_000;

type TMove = typeof moneyMovements.$inferInsert;

/** A demo order paid by card at booking (its Stripe ids named after `ref`), with more columns. */
async function paidByCard(
  tx: TTx,
  o: { id: number; orderPrice: number },
  ref: string,
  paidAt: Date,
  more: Partial<typeof orders.$inferInsert> = {},
) {
  await tx
    .update(orders)
    .set({
      paymentMethod: 'electronic',
      paidAt,
      paidAmount: o.orderPrice,
      paymentSessionId: `cs_demo_${ref}`,
      paymentIntentId: `pi_demo_${ref}`,
      stripeCustomerId: 'cus_demo_casey',
      ...more,
    })
    .where(eq(orders.id, o.id));
}

/**
 * The payouts demo (issue 27, README): Demo Movers and Lee Labor have active Stripe payout
 * accounts; a tipped card move split across its crew is paid out; a late cancellation kept its
 * fee (refund and transfer); Lee's card delivery is paid out and the cash ones are in the ledger as
 * cash; a second helper without an account has a delivery waiting for one. Every card job's
 * journal balances: charges = transfers + refunds + platform fee (+ what is owed).
 */
export async function seedDemoPayouts(
  tx: TTx,
  v: {
    customerId: number;
    companyId: number;
    branchId: number;
    laborId: number;
    waitingLaborId: number;
    now: Date;
  },
) {
  const at = (ms: number) => new Date(v.now.getTime() + ms);
  const day = (offset: number) =>
    at(offset * DAY)
      .toISOString()
      .slice(0, 10);
  const moves: TMove[] = [];
  await tx.insert(payoutAccounts).values([
    {
      companyId: v.companyId,
      stripeAccountId: 'acct_demo_movers',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      eventAt: at(-30 * DAY),
      createdAt: at(-30 * DAY),
    },
    {
      userId: v.laborId,
      stripeAccountId: 'acct_demo_lee_labor',
      chargesEnabled: true,
      payoutsEnabled: true,
      detailsSubmitted: true,
      eventAt: at(-30 * DAY),
      createdAt: at(-30 * DAY),
    },
  ]);

  // A card move, tipped $60 on confirmation, split across its three crew members: paid out.
  const moved = await createOrder(tx, {
    customerId: v.customerId,
    companyId: v.companyId,
    branchId: v.branchId,
    status: ORDER_STATUS.completed,
    arrivalDate: day(-9),
    typeService: 2,
    hours: 4,
    helpers: 3,
    createdAt: at(-14 * DAY),
  });
  const price = moved.orderPrice;
  const tip = 6_000;
  await paidByCard(tx, moved, 'move_paid_out', at(-14 * DAY), { tip });
  const crew = await tx
    .select({ id: crews.id })
    .from(crews)
    .where(and(eq(crews.branchId, v.branchId), isNull(crews.deletedAt)))
    .orderBy(asc(crews.id))
    .limit(3);
  if (crew.length)
    await tx
      .insert(orderCrews)
      .values(crew.map((c) => ({ orderId: moved.id, crewId: c.id, assignedAt: at(-10 * DAY) })));
  const moveFee = platformFeeOf(price, FEE_BPS);
  const moveNet = netOf({ gross: price, platformFee: moveFee, tip, cancellationFee: 0 });
  const [movePayout] = await tx
    .insert(payouts)
    .values({
      orderId: moved.id,
      payeeCompanyId: v.companyId,
      paymentMethod: 'electronic',
      gross: price,
      platformFee: moveFee,
      tip,
      net: moveNet,
      status: 'paid_out',
      stripeAccountId: 'acct_demo_movers',
      transferId: 'tr_demo_move_paid_out',
      stripePayoutId: 'po_demo_movers_1',
      transferredAt: at(-9 * DAY + 8 * HOUR),
      expectedAt: at(-7 * DAY),
      paidOutAt: at(-7 * DAY),
      createdAt: at(-9 * DAY + 8 * HOUR),
      updatedAt: at(-7 * DAY),
    })
    .returning({ id: payouts.id });
  await tx.insert(payoutTipShares).values(
    splitTip(
      tip,
      crew.map((c) => c.id),
    ).map((s) => ({ payoutId: movePayout!.id, crewId: s.crewId, amount: s.amount })),
  );
  moves.push(
    {
      orderId: moved.id,
      kind: 'charge',
      amount: price,
      providerRef: 'pi_demo_move_paid_out',
      idempotencyKey: `charge-order-${moved.id}`,
      createdAt: at(-14 * DAY),
    },
    {
      orderId: moved.id,
      kind: 'tip_charge',
      amount: tip,
      providerRef: 'pi_demo_tip',
      idempotencyKey: `tip-order-${moved.id}`,
      createdAt: at(-9 * DAY + 8 * HOUR),
    },
    {
      orderId: moved.id,
      kind: 'transfer',
      amount: moveNet,
      providerRef: 'tr_demo_move_paid_out',
      idempotencyKey: `transfer-order-${moved.id}`,
      createdAt: at(-9 * DAY + 8 * HOUR),
    },
  );

  // A late cancellation: 20 hours before the window, the default policy keeps 50 % for the crew.
  const cancelled = await createOrder(tx, {
    customerId: v.customerId,
    companyId: v.companyId,
    branchId: v.branchId,
    status: ORDER_STATUS.cancelled,
    arrivalDate: day(-2),
    createdAt: at(-6 * DAY),
  });
  const charged = cancelled.orderPrice;
  const fee = Math.round(charged / 2);
  const cancelledAt = at(-3 * DAY);
  await paidByCard(tx, cancelled, 'late_cancel', at(-6 * DAY), {
    cancelledBy: 'customer',
    cancelReason: 'Our lease fell through at the last minute, so we are not moving this week.',
    cancellationFee: fee,
    refundStatus: 'refunded',
    refundAmount: charged - fee,
    refundId: 're_demo_late_cancel',
    updatedAt: cancelledAt,
  });
  await tx.insert(payouts).values({
    orderId: cancelled.id,
    payeeCompanyId: v.companyId,
    paymentMethod: 'electronic',
    gross: 0,
    platformFee: 0,
    tip: 0,
    cancellationFee: fee,
    net: fee,
    status: 'transferred',
    stripeAccountId: 'acct_demo_movers',
    transferId: 'tr_demo_late_cancel',
    transferredAt: cancelledAt,
    expectedAt: at(1 * DAY),
    createdAt: cancelledAt,
    updatedAt: cancelledAt,
  });
  moves.push(
    {
      orderId: cancelled.id,
      kind: 'charge',
      amount: charged,
      providerRef: 'pi_demo_late_cancel',
      idempotencyKey: `charge-order-${cancelled.id}`,
      createdAt: at(-6 * DAY),
    },
    {
      orderId: cancelled.id,
      kind: 'refund',
      amount: charged - fee,
      providerRef: 're_demo_late_cancel',
      idempotencyKey: `refund-order-${cancelled.id}`,
      createdAt: cancelledAt,
    },
    {
      orderId: cancelled.id,
      kind: 'transfer',
      amount: fee,
      providerRef: 'tr_demo_late_cancel',
      idempotencyKey: `transfer-order-${cancelled.id}`,
      createdAt: cancelledAt,
    },
  );

  // Every completed delivery joins the ledger: cash ones as cash, Lee's card one paid out.
  const done = await tx.select().from(deliveries).where(eq(deliveries.status, DELIVERY_STATUS.completed));
  for (const d of done) {
    const card = d.paymentMethod === 'electronic';
    const net = netOf({ gross: d.basePrice, platformFee: d.systemFee, tip: d.tip, cancellationFee: 0 });
    const finished = new Date(Date.parse(`${d.arrivalDate}T23:00:00Z`));
    await tx.insert(payouts).values({
      deliveryId: d.id,
      payeeUserId: d.acceptorCompanyId ? null : d.acceptorUserId,
      payeeCompanyId: d.acceptorCompanyId,
      paymentMethod: d.paymentMethod,
      gross: d.basePrice,
      platformFee: d.systemFee,
      tip: d.tip,
      net,
      status: card ? 'paid_out' : 'cash',
      ...(card
        ? {
            stripeAccountId: 'acct_demo_lee_labor',
            transferId: `tr_demo_delivery_${d.id}`,
            stripePayoutId: 'po_demo_lee_1',
            transferredAt: finished,
            expectedAt: new Date(finished.getTime() + 2 * DAY),
            paidOutAt: new Date(finished.getTime() + 2 * DAY),
          }
        : {}),
      createdAt: finished,
      updatedAt: finished,
    });
    if (card)
      moves.push(
        {
          deliveryId: d.id,
          kind: 'charge',
          amount: d.totalPrice,
          providerRef: d.paymentIntentId,
          idempotencyKey: `charge-delivery-${d.id}`,
          createdAt: d.paidAt ?? d.createdAt,
        },
        {
          deliveryId: d.id,
          kind: 'transfer',
          amount: net,
          providerRef: `tr_demo_delivery_${d.id}`,
          idempotencyKey: `transfer-delivery-${d.id}`,
          createdAt: finished,
        },
      );
  }

  // A second helper finished a card delivery before connecting a payout account: it waits.
  const [model] = done.filter((d) => d.paymentMethod === 'cash' && d.acceptorUserId === v.laborId);
  if (model) {
    const { id: _id, ...copy } = model;
    const finished = at(-1 * DAY);
    const [d] = await tx
      .insert(deliveries)
      .values({
        ...copy,
        acceptorUserId: v.waitingLaborId,
        arrivalDate: day(-1),
        paymentMethod: 'electronic',
        paymentSessionId: 'cs_demo_waiting',
        paymentIntentId: 'pi_demo_waiting',
        stripeCustomerId: 'cus_demo_casey',
        paidAt: at(-4 * DAY),
        createdAt: at(-4 * DAY),
        updatedAt: finished,
      })
      .returning();
    const net = netOf({ gross: d!.basePrice, platformFee: d!.systemFee, tip: d!.tip, cancellationFee: 0 });
    await tx.insert(payouts).values({
      deliveryId: d!.id,
      payeeUserId: v.waitingLaborId,
      paymentMethod: 'electronic',
      gross: d!.basePrice,
      platformFee: d!.systemFee,
      tip: d!.tip,
      net,
      status: 'waiting_for_account',
      createdAt: finished,
      updatedAt: finished,
    });
    moves.push({
      deliveryId: d!.id,
      kind: 'charge',
      amount: d!.totalPrice,
      providerRef: 'pi_demo_waiting',
      idempotencyKey: `charge-delivery-${d!.id}`,
      createdAt: at(-4 * DAY),
    });
  }
  // Westside Hauling finished a card move before connecting a payout account: it waits too.
  const [westside] = await tx
    .select({ companyId: branches.companyId, branchId: branches.id })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(eq(companies.name, 'Westside Hauling'))
    .limit(1);
  if (westside) {
    const o = await createOrder(tx, {
      customerId: v.customerId,
      companyId: westside.companyId,
      branchId: westside.branchId,
      status: ORDER_STATUS.completed,
      arrivalDate: day(-2),
      pickupZip: '90210',
      createdAt: at(-5 * DAY),
    });
    await paidByCard(tx, o, 'westside', at(-5 * DAY));
    const fee = platformFeeOf(o.orderPrice, FEE_BPS);
    await tx.insert(payouts).values({
      orderId: o.id,
      payeeCompanyId: westside.companyId,
      paymentMethod: 'electronic',
      gross: o.orderPrice,
      platformFee: fee,
      tip: 0,
      net: netOf({ gross: o.orderPrice, platformFee: fee, tip: 0, cancellationFee: 0 }),
      status: 'waiting_for_account',
      createdAt: at(-2 * DAY + 6 * HOUR),
      updatedAt: at(-2 * DAY + 6 * HOUR),
    });
    moves.push({
      orderId: o.id,
      kind: 'charge',
      amount: o.orderPrice,
      providerRef: 'pi_demo_westside',
      idempotencyKey: `charge-order-${o.id}`,
      createdAt: at(-5 * DAY),
    });
  }
  await tx.insert(moneyMovements).values(moves);
}
