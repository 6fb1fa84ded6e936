import { desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { TDb, TTx } from '../../db/client.ts';
import {
  branches,
  companies,
  deliveries,
  deliveryHistory,
  payoutSubmissions,
  users,
} from '../../db/schema.ts';

type TQ = TDb | TTx;

/** What a delivery's thread needs (delivery-thread-front.ts): its parties' names and its status history. */
export async function deliveryThreadFacts(db: TQ, id: number) {
  const acceptor = alias(users, 'acceptor');
  const [row] = await db
    .select({
      id: deliveries.id,
      status: deliveries.status,
      customerId: deliveries.customerId,
      acceptorUserId: deliveries.acceptorUserId,
      acceptorCompanyId: deliveries.acceptorCompanyId,
      acceptedAt: deliveries.acceptedAt,
      updatedAt: deliveries.updatedAt,
      customerFirst: users.firstName,
      customerLast: users.lastName,
      acceptorFirst: acceptor.firstName,
      acceptorLast: acceptor.lastName,
      branchName: branches.name,
      companyName: companies.name,
    })
    .from(deliveries)
    .innerJoin(users, eq(users.id, deliveries.customerId))
    .leftJoin(acceptor, eq(acceptor.id, deliveries.acceptorUserId))
    .leftJoin(branches, eq(branches.id, deliveries.acceptorBranchId))
    .leftJoin(companies, eq(companies.id, deliveries.acceptorCompanyId))
    .where(eq(deliveries.id, id))
    .limit(1);
  if (!row) return undefined;
  const history = await db
    .select({ toStatus: deliveryHistory.toStatus, at: deliveryHistory.createdAt })
    .from(deliveryHistory)
    .where(eq(deliveryHistory.deliveryId, id))
    .orderBy(desc(deliveryHistory.id));
  return { row, history };
}

/** The delivery a payout submission is for (the admin reads its thread from the payout review). */
export async function payoutDeliveryId(db: TQ, payoutId: number): Promise<number | undefined> {
  const [r] = await db
    .select({ deliveryId: payoutSubmissions.deliveryId })
    .from(payoutSubmissions)
    .where(eq(payoutSubmissions.id, payoutId))
    .limit(1);
  return r?.deliveryId;
}
