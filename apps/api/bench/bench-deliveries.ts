/** Deliveries generated for the benchmarks (the dashboards' lists and the accepts). */
import { DELIVERY_STATUS } from '@haulpro/shared/delivery';

const PLACE = {
  address: '1 Bench St',
  city_or_town: 'Los Angeles',
  state: 'CA',
  zip_code: '90011',
  type_property: 'Home',
  flights_of_stairs: 0,
};

/** A cash delivery in Los Angeles: open for bids, or held by `acceptorUserId`. */
export function benchDelivery(v: {
  customerId: number;
  name: string;
  arrivalDate: string;
  biddingDeadline: Date;
  acceptorUserId?: number | null;
}) {
  return {
    customerId: v.customerId,
    status: v.acceptorUserId ? DELIVERY_STATUS.accepted : DELIVERY_STATUS.new,
    itemsName: v.name,
    vehicleType: 3,
    pickup: PLACE,
    destination: PLACE,
    pickupLatitude: 34.0073,
    pickupLongitude: -118.2587,
    distanceMiles: 3,
    arrivalDate: v.arrivalDate,
    arrivalTime: '9-10',
    timeZone: 'America/Los_Angeles',
    biddingDeadline: v.biddingDeadline,
    phone: '+1 (213) - 555 - 0102',
    basePrice: 8500,
    originalPrice: 8500,
    systemFee: 1275,
    tip: 0,
    totalPrice: 8500,
    paymentMethod: 'cash' as const,
    acceptorUserId: v.acceptorUserId ?? null,
  };
}

/** The one item (a sofa) of a generated delivery. */
export const benchItem = (deliveryId: number) => ({
  deliveryId,
  position: 0,
  name: 'Sofa',
  count: 1,
  weight: 120,
  height: 3,
  width: 7,
  length: 3,
});
