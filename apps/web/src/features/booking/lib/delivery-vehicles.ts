import { VEHICLE_TYPES } from '@haulpro/shared/delivery';
import { type Icon, IconCar, IconCar4wd, IconCarSuv, IconTruck } from '@tabler/icons-react';

type TVehicleLook = { icon: Icon; capacityLbs: number; fits: string };

/*
 * What each vehicle carries, restated from decision 016 (the API's delivery-pricing.ts is the
 * source; the web may not import it). Only a hint: the server refuses a load too heavy for the
 * chosen vehicle with its own message, which the form shows under the vehicle.
 */
const LOOK: Record<(typeof VEHICLE_TYPES)[number]['value'], TVehicleLook> = {
  1: { icon: IconCar, capacityLbs: 150, fits: 'Boxes, a lamp, a small chair' },
  2: { icon: IconCarSuv, capacityLbs: 250, fits: 'A TV, a desk chair, a few boxes' },
  3: { icon: IconCar4wd, capacityLbs: 1000, fits: 'A sofa, a dresser, a mattress' },
  4: { icon: IconTruck, capacityLbs: 3000, fits: 'Appliances, a piano, a room of furniture' },
};

export const DELIVERY_VEHICLES = VEHICLE_TYPES.map((v) => ({ ...v, ...LOOK[v.value] }));
export type TDeliveryVehicleOption = (typeof DELIVERY_VEHICLES)[number];

export function formatLbs(lbs: number): string {
  return `${new Intl.NumberFormat('en-US', { maximumFractionDigits: 1 }).format(lbs)} lbs`;
}
