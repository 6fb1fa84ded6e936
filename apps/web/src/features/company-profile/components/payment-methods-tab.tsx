/** TODO(issue 14, helper B): the /profile payment-methods tab. Props stay as they are. */
export function PaymentMethodsTab(_props: { branchId: number; companyId: number }) {
  return null;
}
