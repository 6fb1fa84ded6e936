import type { TDeliveryInput } from '@haulpro/shared/delivery-input';

/** Query keys of the delivery booking; under 'booking' with the rest of the booking site. */
export const deliveryBookingKeys = {
  quote: (body: TDeliveryInput) => ['booking', 'delivery-quote', body] as const,
};
