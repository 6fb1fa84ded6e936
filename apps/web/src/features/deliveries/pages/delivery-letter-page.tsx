/** /delivery-letter/:deliveryId: the letter to print for the customer's signature (being built in this change). */
export function DeliveryLetterPage() {
  return null;
}
