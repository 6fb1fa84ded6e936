import { ORDER_STATUS } from '@haulpro/shared/order';
import { eq } from 'drizzle-orm';
import type { TDb, TTx } from '../client.ts';
import { branches, orderHistory, reviews, servicePrices } from '../schema.ts';
import { createBranchAtZip, createCompany, createUser } from './factories.ts';
import { createOrder } from './order-factory.ts';

type TQ = TDb | TTx;

/** A branch's crews: helpers only and helpers with trucks, rates in whole dollars per hour. */
export async function addServicePrices(
  db: TQ,
  branchId: number,
  v: { helpersOnly: number[]; withTrucks: number[]; minimumHours?: number; helpersOnlyCrews?: number[] },
) {
  const minimumHours = v.minimumHours ?? 2;
  const crews = v.helpersOnlyCrews ?? [2, 3, 4];
  const rows = [
    ...v.helpersOnly.map((rate, i) => ({
      branchId,
      name: `${crews[i]} helpers`,
      employeesCount: crews[i]!,
      minimumHours,
      baseHourlyRate: rate * 100,
      serviceType: 1,
      truckSize: null,
      truckNumber: null,
    })),
    ...v.withTrucks.map((rate, i) => ({
      branchId,
      name: `${crews[i]} helpers and a truck`,
      employeesCount: crews[i]!,
      minimumHours: minimumHours + 1,
      baseHourlyRate: rate * 100,
      serviceType: 2,
      truckSize: i === 0 ? '16 ft' : '26 ft',
      truckNumber: i === 2 ? 2 : 1,
    })),
  ];
  if (rows.length) await db.insert(servicePrices).values(rows);
}

/** Published reviews of a branch from past customers, with the branch rating kept in step. */
async function addReviews(
  db: TQ,
  branchId: number,
  companyId: number,
  stars: number[],
  authors: { id: number; name: string }[],
) {
  const comments = [
    'On time, careful with the furniture and very friendly. Would book again.',
    'Quick and efficient crew; they wrapped everything and nothing was damaged.',
    'Good job overall, a little late to arrive but they made up for it.',
    'Great communication before the move and a fair final price.',
    'They handled a heavy sofa up three flights of stairs without a scratch.',
  ];
  let sum = 0;
  for (const [i, star] of stars.entries()) {
    const when = new Date(Date.now() - (20 + i * 9) * 86_400_000);
    const order = await createOrder(db, {
      customerId: authors[i % authors.length]!.id,
      name: authors[i % authors.length]!.name,
      companyId,
      branchId,
      status: ORDER_STATUS.completed,
      arrivalDate: when.toISOString().slice(0, 10),
      archivedByCustomer: true,
      archivedByCompany: true,
      createdAt: when,
    });
    await db.insert(orderHistory).values([
      {
        orderId: order.id,
        actorParty: 'company',
        action: 'accept',
        fromStatus: 1,
        toStatus: 2,
        createdAt: when,
      },
      {
        orderId: order.id,
        actorParty: 'customer',
        action: 'complete',
        fromStatus: 7,
        toStatus: 5,
        createdAt: when,
      },
    ]);
    await db.insert(reviews).values({
      orderId: order.id,
      senderUserId: order.customerId,
      senderParty: 'customer',
      receiverBranchId: branchId,
      star,
      comment: comments[i % comments.length]!,
      publishedAt: when,
      createdAt: when,
      updatedAt: when,
    });
    sum += star;
  }
  await db
    .update(branches)
    .set({ ratingSum: sum, reviewsCount: stars.length })
    .where(eq(branches.id, branchId));
}

/**
 * Other companies around Los Angeles (and one in San Francisco), so a search from 90001 to 90210
 * shows a real choice of prices and ratings.
 */
export async function seedDemoMarketplace(db: TQ, demoBranchIds: number[], demoCompanyId: number) {
  const reviewers = [];
  for (const [first, last] of [
    ['Morgan', 'Lee'],
    ['Jamie', 'Park'],
    ['Riley', 'Gomez'],
  ] as const) {
    const u = await createUser(db, {
      role: 'customer',
      firstName: first,
      lastName: last,
      email: `${first.toLowerCase()}.${last.toLowerCase()}@demo.test`,
      password: 'demo-password',
    });
    reviewers.push({ id: u.id, name: `${first} ${last}` });
  }
  const [la, pasadena] = demoBranchIds;
  await addServicePrices(db, la!, { helpersOnly: [95, 135, 175], withTrucks: [145, 185, 260] });
  await addServicePrices(db, pasadena!, { helpersOnly: [99, 139, 179], withTrucks: [149, 189, 265] });
  await addReviews(db, la!, demoCompanyId, [5, 4, 5, 5], reviewers);
  await addReviews(db, pasadena!, demoCompanyId, [4, 4, 3], reviewers);

  const others: {
    company: string;
    branch: string;
    zip: string;
    area: number;
    helpersOnly: number[];
    withTrucks: number[];
    stars: number[];
  }[] = [
    {
      company: 'Westside Hauling',
      branch: 'Westside Hauling Beverly Hills',
      zip: '90210',
      area: 30,
      helpersOnly: [110, 150, 190],
      withTrucks: [169, 209, 289],
      stars: [5, 5, 4, 5, 5],
    },
    {
      company: 'Valley Strong Movers',
      branch: 'Valley Strong Van Nuys',
      zip: '91401',
      area: 40,
      helpersOnly: [89, 125, 160],
      withTrucks: [139, 175, 240],
      stars: [4, 3, 4],
    },
    {
      company: 'Harbor Helpers',
      branch: 'Harbor Helpers Long Beach',
      zip: '90802',
      area: 40,
      helpersOnly: [79, 115, 150],
      withTrucks: [],
      stars: [4, 5],
    },
    {
      company: 'Golden Gate Movers',
      branch: 'Golden Gate Movers SF',
      zip: '94105',
      area: 30,
      helpersOnly: [120, 165, 210],
      withTrucks: [179, 225, 310],
      stars: [5],
    },
  ];
  for (const o of others) {
    const company = await createCompany(db, { name: o.company });
    const b = await createBranchAtZip(db, o.zip, {
      companyId: company.id,
      name: o.branch,
      slug: o.branch.toLowerCase().replace(/[^a-z0-9]+/g, '-'),
      serviceArea: o.area,
      isMain: true,
      feeFirstBedroom: 2500,
      feeExtraBedroom: 1500,
    });
    await createUser(db, {
      role: 'staff',
      companyId: company.id,
      firstName: 'Staff',
      lastName: o.company.split(' ')[0]!,
      email: `staff@${o.company.toLowerCase().replace(/[^a-z]+/g, '')}.demo.test`,
      password: 'demo-password',
    });
    await addServicePrices(db, b.id, { helpersOnly: o.helpersOnly, withTrucks: o.withTrucks });
    await addReviews(db, b.id, company.id, o.stars, reviewers);
  }
}
