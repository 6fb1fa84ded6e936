/** A card-paid delivery's booking body and Stripe's event for its payment (the deliveries' Stripe tests). */
export const cardDeliveryBody = {
  items: [{ name: 'Armchair', count: 1, weight: 60, height: 3, width: 3, length: 3 }],
  vehicle_type: 3,
  pickup: {
    address: '1 Main St',
    city_or_town: 'Los Angeles',
    state: 'CA',
    zip_code: '90011',
    type_property: 'Home',
  },
  destination: {
    address: '2 Main St',
    city_or_town: 'Los Angeles',
    state: 'CA',
    zip_code: '90007',
    type_property: 'Home',
  },
  arrival_date: '2026-11-27',
  arrival_time: '9-10',
  payment_method: 'electronic',
  phone: '+1 (213) - 555 - 0177',
};

/** Stripe's `checkout.session.completed` for a paid delivery, as the raw body it signs. */
export const paidDeliveryEvent = (deliveryId: number, sessionId: string, id: string) =>
  JSON.stringify({
    id,
    object: 'event',
    type: 'checkout.session.completed',
    data: {
      object: {
        id: sessionId,
        object: 'checkout.session',
        payment_status: 'paid',
        metadata: { delivery_id: String(deliveryId) },
        client_reference_id: `delivery-${deliveryId}`,
      },
    },
  });
