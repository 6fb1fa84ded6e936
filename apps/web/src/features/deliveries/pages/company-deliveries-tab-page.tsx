/** /deliveries: the company's helper dashboard for deliveries (being built in this change). */
export function CompanyDeliveriesTabPage() {
  return null;
}
