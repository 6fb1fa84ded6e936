import type { TOrderStatus } from '@haulpro/shared/order';
import type { TShowUpWindow } from '@haulpro/shared/pricing-constants';
import type { TDb, TTx } from '../client.ts';
import { orderAddresses, orders } from '../schema.ts';

type TQ = TDb | TTx;

/** A moving order with a stored quote, a pickup and a destination (tests and demo data). */
export async function createOrder(
  db: TQ,
  v: {
    customerId: number;
    companyId: number;
    branchId: number;
    status: TOrderStatus;
    arrivalDate: string;
    arrivalTime?: TShowUpWindow;
    responseDeadline?: Date | null;
    statusBeforeReschedule?: TOrderStatus | null;
    rescheduleRequestedBy?: 'customer' | 'company' | null;
    pickupZip?: string;
    destinationZip?: string;
    name?: string;
    phone?: string;
    hours?: number;
    helpers?: number;
    typeService?: 1 | 2;
    totalCents?: number;
    archivedByCustomer?: boolean;
    archivedByCompany?: boolean;
    createdAt?: Date;
  },
) {
  const hourly = v.typeService === 2 ? 15000 : 10000;
  const hours = v.hours ?? 3;
  const labor = hourly * hours;
  const serviceFee = hourly * 0.75;
  const total = v.totalCents ?? labor + serviceFee;
  const [row] = await db
    .insert(orders)
    .values({
      customerId: v.customerId,
      companyId: v.companyId,
      branchId: v.branchId,
      status: v.status,
      statusBeforeReschedule: v.statusBeforeReschedule ?? null,
      rescheduleRequestedBy: v.rescheduleRequestedBy ?? null,
      typeService: v.typeService ?? 1,
      typeMoving: 1,
      typeHelp: 3,
      bedroomsCount: 2,
      helpersCount: v.helpers ?? 2,
      hoursCount: hours,
      truckNumber: v.typeService === 2 ? 1 : 0,
      truckSize: v.typeService === 2 ? '26 ft' : null,
      arrivalDate: v.arrivalDate,
      arrivalTime: v.arrivalTime ?? '8-9',
      timeZone: 'America/Los_Angeles',
      name: v.name ?? 'Casey Customer',
      email: 'casey@example.test',
      phone: v.phone ?? '+1 (213) - 555 - 0102',
      paymentMethod: 'cash',
      uniqueItems: 'Upright piano',
      quote: {
        hourly,
        billable_hours: hours,
        total_for_n_hours: labor,
        service_fee: serviceFee,
        processing_fee: 0,
        is_double_drive: false,
        double_drive_price: 0,
        total,
      },
      orderPrice: total,
      responseDeadline: v.responseDeadline ?? null,
      archivedByCustomer: v.archivedByCustomer ?? false,
      archivedByCompany: v.archivedByCompany ?? false,
      ...(v.createdAt ? { createdAt: v.createdAt, updatedAt: v.createdAt } : {}),
    })
    .returning();
  await db.insert(orderAddresses).values([
    {
      orderId: row!.id,
      kind: 'pickup',
      position: 0,
      address: '1200 E Florence Ave',
      cityOrTown: 'Los Angeles',
      state: 'CA',
      zipCode: v.pickupZip ?? '90001',
      typeProperty: 'Apartment',
      flightsOfStairs: 1,
    },
    {
      orderId: row!.id,
      kind: 'destination',
      position: 0,
      address: '9500 Wilshire Blvd',
      cityOrTown: 'Beverly Hills',
      state: 'CA',
      zipCode: v.destinationZip ?? '90210',
      typeProperty: 'Home',
      flightsOfStairs: 0,
    },
  ]);
  return row!;
}
