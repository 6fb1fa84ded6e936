import { DELIVERY_STATUS as S, type TDeliveryStatus } from '@haulpro/shared/delivery';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import { eq } from 'drizzle-orm';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import { todayIn } from '../../domain/availability.ts';
import { biddingDeadline } from '../../domain/delivery-bidding.ts';
import { deliveryPrice, type TDeliveryVehicle } from '../../domain/delivery-pricing.ts';
import type { TStorage } from '../../storage/storage.ts';
import type { TTx } from '../client.ts';
import {
  deliveries,
  deliveryBidders,
  deliveryHistory,
  deliveryItems,
  laborProfiles,
  payoutSubmissions,
  type TDeliveryAddress,
  zipCodes,
} from '../schema.ts';

const TZ = 'America/Los_Angeles';

async function zipPoint(tx: TTx, zip: string) {
  const [z] = await tx
    .select({
      latitude: zipCodes.latitude,
      longitude: zipCodes.longitude,
      stateId: zipCodes.stateId,
      cityId: zipCodes.cityId,
    })
    .from(zipCodes)
    .where(eq(zipCodes.zip, zip));
  return z ?? { latitude: 33.974, longitude: -118.2495, stateId: null, cityId: null };
}

const place = (address: string, city: string, zip: string, type = 'Home'): TDeliveryAddress => ({
  address,
  city_or_town: city,
  state: 'CA',
  zip_code: zip,
  type_property: type,
  flights_of_stairs: 0,
});

type TPlan = {
  status: TDeliveryStatus;
  day: number;
  window: TShowUpWindow;
  vehicle: TDeliveryVehicle;
  items: { name: string; count: number; weight: number; height: number; width: number; length: number }[];
  from: TDeliveryAddress;
  to: TDeliveryAddress;
  miles: number;
  tip?: number;
  acceptor?: 'labor' | 'company';
  expired?: boolean;
  payout?: 'pending' | 'approved';
  notes?: string;
  cancelReason?: string;
  /** Paid by card at booking (the payouts demo transfers it; payouts-seed.ts). */
  card?: boolean;
};

const sofa = { name: 'Sofa', count: 1, weight: 120, height: 3, width: 7, length: 3 };
const boxes = { name: 'Moving boxes', count: 6, weight: 25, height: 1.5, width: 1.5, length: 2 };
const table = { name: 'Dining table', count: 1, weight: 80, height: 2.5, width: 3, length: 6 };
const tv = { name: 'TV 65"', count: 1, weight: 50, height: 3, width: 0.5, length: 5 };
const dresser = { name: 'Dresser', count: 1, weight: 140, height: 4, width: 2, length: 5 };
const bike = { name: 'Bicycle', count: 1, weight: 30, height: 3.5, width: 2, length: 6 };
const armchair = { name: 'Armchair', count: 1, weight: 45, height: 3, width: 3, length: 3 };
const bookcase = { name: 'Bookcase', count: 1, weight: 70, height: 6, width: 3, length: 1.5 };
const washer = { name: 'Washing machine', count: 1, weight: 160, height: 3, width: 2.5, length: 2.5 };
const desk = { name: 'Office desk', count: 1, weight: 90, height: 2.5, width: 2.5, length: 5 };

/** A one-page PDF standing in for a scanned, signed letter (the demo's payout document). */
async function demoLetter(id: number): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  const page = pdf.addPage([612, 792]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  page.drawText(`Haulpro delivery #${id}`, { x: 36, y: 740, size: 18, font });
  page.drawText('Delivered in good condition. Signed: Casey Customer', { x: 36, y: 700, size: 12, font });
  return Buffer.from(await pdf.save());
}

/**
 * Demo deliveries in every status (issue 13): several New ones open to both the demo labor user
 * and the demo company, an expired one, accepted ones for each side (one due today, so Get Paid
 * is on), a payout awaiting the admin, one approved and awaiting the customer, completed ones in
 * the payout ledger, and a cancelled one.
 */
export async function seedDemoDeliveries(
  tx: TTx,
  v: {
    customerId: number;
    laborId: number;
    companyId: number;
    branchIds: number[];
    adminId: number;
    now: Date;
    storage?: TStorage | undefined;
  },
) {
  const labor = await zipPoint(tx, '90011');
  await tx.insert(laborProfiles).values({
    userId: v.laborId,
    zipCode: '90011',
    latitude: labor.latitude,
    longitude: labor.longitude,
    serviceArea: 40,
    hasVehicle: true,
    vehicleType: 3,
    address: '4100 S Central Ave, Los Angeles, CA 90011',
    // The settings page (issue 18): the rest of Personal info, and e-mail choices that are not
    // all the defaults. No SSN: it is encrypted with the server's key, which the seed does not hold.
    streetAddress: '4100 S Central Ave',
    aptUnit: 'Unit 12',
    stateId: labor.stateId,
    cityId: labor.cityId,
    vehicleModel: 'F-150',
    vehicleYear: 2019,
    vehicleMake: 'Ford',
    mailDeliveryUpdates: false,
  });
  const today = todayIn(TZ, v.now);
  const day = (offset: number) =>
    new Date(Date.parse(`${today}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);
  const home = place('742 E 49th St', 'Los Angeles', '90011');
  const store = place('2000 S Figueroa St', 'Los Angeles', '90007', 'Office');
  const plans: TPlan[] = [
    {
      status: S.new,
      day: 2,
      window: '9-10',
      vehicle: 3,
      items: [sofa, boxes],
      from: store,
      to: home,
      miles: 3.2,
      tip: 10,
    },
    {
      status: S.new,
      day: 3,
      window: '1-4',
      vehicle: 4,
      items: [dresser, table],
      from: place('1500 W 7th St', 'Los Angeles', '90017', 'Apartment'),
      to: place('310 N Hill Ave', 'Pasadena', '91106'),
      miles: 11.8,
      notes: 'Third floor, elevator available.',
    },
    {
      status: S.new,
      day: 4,
      window: '8-9',
      vehicle: 2,
      items: [tv],
      from: store,
      to: place('6200 Wilshire Blvd', 'Los Angeles', '90048', 'Apartment'),
      miles: 7.4,
    },
    {
      status: S.new,
      day: 6,
      window: '10-11',
      vehicle: 1,
      items: [bike],
      from: place('900 W 1st St', 'Los Angeles', '90012'),
      to: home,
      miles: 5.1,
      tip: 5,
    },
    {
      status: S.new,
      day: 1,
      window: '7-8',
      vehicle: 3,
      items: [table],
      from: home,
      to: store,
      miles: 3.2,
      expired: true,
    },
    {
      status: S.waitingForPayment,
      day: 5,
      window: '12-3',
      vehicle: 3,
      items: [sofa],
      from: store,
      to: home,
      miles: 3.2,
    },
    {
      status: S.accepted,
      day: 0,
      window: '8-9',
      vehicle: 3,
      items: [sofa, boxes],
      from: store,
      to: home,
      miles: 3.2,
      tip: 15,
      acceptor: 'labor',
      notes: 'Call when you arrive, the gate code is 1234.',
    },
    // More jobs due today, so each side has a Get Paid of its own to try (and the browser tests one each).
    {
      status: S.accepted,
      day: 0,
      window: '10-11',
      vehicle: 3,
      items: [armchair, boxes],
      from: store,
      to: home,
      miles: 3.2,
      acceptor: 'labor',
    },
    {
      status: S.accepted,
      day: 0,
      window: '12-3',
      vehicle: 3,
      items: [bookcase],
      from: home,
      to: place('1200 S Grand Ave', 'Los Angeles', '90015', 'Apartment'),
      miles: 2.9,
      tip: 5,
      acceptor: 'labor',
    },
    {
      status: S.accepted,
      day: 0,
      window: '9-10',
      vehicle: 4,
      items: [washer],
      from: place('1500 W 7th St', 'Los Angeles', '90017', 'Apartment'),
      to: home,
      miles: 4.3,
      acceptor: 'company',
    },
    {
      status: S.accepted,
      day: 0,
      window: '1-4',
      vehicle: 4,
      items: [desk, boxes],
      from: store,
      to: place('1500 W 7th St', 'Los Angeles', '90017', 'Office'),
      miles: 1.8,
      acceptor: 'labor',
    },
    {
      status: S.accepted,
      day: 3,
      window: '2-5',
      vehicle: 2,
      items: [tv, bike],
      from: home,
      to: place('45 E Union St', 'Pasadena', '91103'),
      miles: 10.6,
      acceptor: 'labor',
    },
    {
      status: S.accepted,
      day: 2,
      window: '11-12',
      vehicle: 4,
      items: [dresser, table, boxes],
      from: place('1500 W 7th St', 'Los Angeles', '90017', 'Apartment'),
      to: home,
      miles: 4.3,
      acceptor: 'company',
    },
    {
      status: S.waitingForComplete,
      day: -1,
      window: '9-10',
      vehicle: 3,
      items: [sofa],
      from: store,
      to: home,
      miles: 3.2,
      tip: 10,
      acceptor: 'labor',
      payout: 'pending',
    },
    {
      status: S.waitingForComplete,
      day: -2,
      window: '10-11',
      vehicle: 2,
      items: [tv],
      from: store,
      to: home,
      miles: 3.2,
      acceptor: 'labor',
      payout: 'approved',
    },
    {
      status: S.completed,
      day: -5,
      window: '8-9',
      vehicle: 3,
      items: [sofa, table],
      from: store,
      to: home,
      miles: 3.2,
      tip: 20,
      acceptor: 'labor',
      card: true,
    },
    {
      status: S.completed,
      day: -12,
      window: '1-4',
      vehicle: 4,
      items: [dresser, boxes],
      from: home,
      to: place('310 N Hill Ave', 'Pasadena', '91106'),
      miles: 11.8,
      acceptor: 'labor',
    },
    {
      status: S.completed,
      day: -8,
      window: '9-10',
      vehicle: 3,
      items: [table],
      from: store,
      to: home,
      miles: 3.2,
      acceptor: 'company',
    },
    {
      status: S.customerCancelled,
      day: -3,
      window: '12-3',
      vehicle: 1,
      items: [bike],
      from: store,
      to: home,
      miles: 3.2,
      cancelReason: 'Plans changed: the store is delivering it for free after all.',
    },
  ];
  for (const [i, p] of plans.entries()) {
    const price = deliveryPrice({
      vehicle: p.vehicle,
      miles: p.miles,
      items: p.items,
      tipCents: (p.tip ?? 0) * 100,
    });
    if (!price.ok) throw new Error(`demo delivery ${i} does not fit its vehicle`);
    const from = await zipPoint(tx, p.from.zip_code);
    const created = new Date(v.now.getTime() - (40 - i) * 3_600_000);
    const arrivalDate = day(p.day);
    const deadline = p.expired
      ? new Date(v.now.getTime() - 3_600_000)
      : biddingDeadline({ arrivalDate, arrivalTime: p.window, timeZone: TZ, now: created });
    const held =
      p.acceptor === 'labor'
        ? { acceptorUserId: v.laborId }
        : p.acceptor === 'company'
          ? { acceptorCompanyId: v.companyId, acceptorBranchId: v.branchIds[0]! }
          : {};
    const [d] = await tx
      .insert(deliveries)
      .values({
        customerId: v.customerId,
        status: p.status,
        itemsName: p.items.map((it) => (it.count > 1 ? `${it.name} ×${it.count}` : it.name)).join(', '),
        vehicleType: p.vehicle,
        pickup: p.from,
        destination: p.to,
        pickupLatitude: from.latitude,
        pickupLongitude: from.longitude,
        distanceMiles: p.miles,
        isHomeMove: p.from.type_property === 'Home',
        arrivalDate,
        arrivalTime: p.window,
        timeZone: TZ,
        biddingDeadline: deadline,
        phone: '+1 (213) - 555 - 0102',
        notes: p.notes ?? null,
        basePrice: price.basePriceCents,
        originalPrice: price.basePriceCents,
        systemFee: price.processingFeeCents,
        tip: price.tipCents,
        totalPrice: price.totalPriceCents,
        paymentMethod: p.status === S.waitingForPayment || p.card ? 'electronic' : 'cash',
        ...(p.card
          ? {
              paidAt: created,
              paymentSessionId: `cs_demo_delivery_${i}`,
              paymentIntentId: `pi_demo_delivery_${i}`,
              stripeCustomerId: 'cus_demo_casey',
            }
          : {}),
        ...held,
        acceptedAt: p.acceptor ? new Date(created.getTime() + 3_600_000) : null,
        payoutApproved: p.payout === 'approved',
        cancelledBy: p.cancelReason ? 'customer' : null,
        cancelReason: p.cancelReason ?? null,
        refundStatus: p.cancelReason ? 'nothing_to_refund' : null,
        refundAmount: p.cancelReason ? 0 : null,
        createdAt: created,
        updatedAt: created,
      })
      .returning();
    const id = d!.id;
    await tx
      .insert(deliveryItems)
      .values(p.items.map((it, position) => ({ ...it, deliveryId: id, position })));
    await tx.insert(deliveryBidders).values([
      { deliveryId: id, laborUserId: v.laborId, distanceKm: 3 + i },
      ...v.branchIds.map((b, k) => ({
        deliveryId: id,
        companyId: v.companyId,
        branchId: b,
        distanceKm: 5 + k * 12 + i,
      })),
    ]);
    await tx.insert(deliveryHistory).values({
      deliveryId: id,
      actorUserId: v.customerId,
      actorParty: 'customer',
      action: 'create',
      fromStatus: null,
      toStatus: p.status === S.waitingForPayment ? S.waitingForPayment : S.new,
      createdAt: created,
    });
    if (p.payout) {
      const path = v.storage
        ? await v.storage.save('payouts', await demoLetter(id), 'pdf')
        : '/uploads/payouts/missing.pdf';
      await tx.insert(payoutSubmissions).values({
        deliveryId: id,
        submittedBy: v.laborId,
        status: p.payout,
        helperNote: p.payout === 'pending' ? 'Signed letter attached. The customer was very happy.' : null,
        files: [{ id: 1, path, name: `delivery-${id}-signed.pdf`, size: 900, type: 'application/pdf' }],
        reviewedBy: p.payout === 'approved' ? v.adminId : null,
        reviewedAt: p.payout === 'approved' ? v.now : null,
        createdAt: new Date(v.now.getTime() - 5 * 3_600_000),
      });
    }
  }
}
