import { CompanyDashboardPage } from '../../features/orders/pages/company-dashboard-page.tsx';

/** The company dashboard: the orders feature's page with the deliveries feature's counts. */
export function CompanyDashboardRoute() {
  return <CompanyDashboardPage />;
}
