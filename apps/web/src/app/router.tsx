import type { QueryClient } from '@tanstack/react-query';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import entryRoutes from '../../entry-routes.json';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { CompanyDashboardGuard } from './guards/company-dashboard-guard.tsx';
import { GuestOnly } from './guards/guest-only.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequireRole } from './guards/require-role.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
import { prefetchCustomerDashboard } from './routes/customer-dashboard-data.ts';
import { ScrollToTop } from './scroll-to-top.tsx';

/*
 * The spec's route table. Every page and the navbar layout are lazy-loaded, so each area
 * downloads only its own code; the guards are tiny and ship with the entry chunk.
 *
 * Declarative routes (<Routes>) rather than a data router: nothing here uses loaders or
 * actions (TanStack Query owns server state), and the data router is 15 KB more of compressed
 * JavaScript before every first paint. Navigations run in a transition, so the current page
 * stays on screen while the next one downloads.
 */

/** `/` opens the deliveries tab, keeping the query (e.g. ?review-order=). */
function ToDeliveries() {
  const { search } = useLocation();
  return <Navigate to={`/deliveries${search}`} replace />;
}

/** Page chrome shared by every route: scroll handling, the error panel and the first download. */
function Root() {
  const { pathname } = useLocation();
  return (
    <>
      <ScrollToTop />
      <RouteErrorBoundary resetKey={pathname}>
        <Suspense fallback={<FullPageLoader />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </>
  );
}

/** A lazy page's element, for pages that are never a visit's first (nothing preloads them). */
const page = <M, K extends keyof M>(load: () => Promise<M>, name: K) => lazyPage(load, name).element;

// The public entry pages (apps/web/entry-routes.json), preloaded before React starts.
// Their styles come with the first view (virtual:mantine-critical-styles), not all of Mantine's.
const entry = { allStyles: false };
const loginPage = lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage', entry);
const signUpPage = lazyPage(() => import('../features/auth/pages/sign-up-page.tsx'), 'SignUpPage', entry);
const registerPage = lazyPage(
  () => import('../features/auth/pages/register-page.tsx'),
  'RegisterPage',
  entry,
);
const helperListPage = lazyPage(
  () => import('../features/booking/pages/helper-list-page.tsx'),
  'HelperListPage',
  entry,
);
const deliveryPage = lazyPage(
  () => import('../features/booking/pages/delivery-page.tsx'),
  'DeliveryPage',
  entry,
);
const publicCompanyPage = lazyPage(
  () => import('../features/company-profile/pages/public-company-page.tsx'),
  'PublicCompanyPage',
  entry,
);

const publicLayout = lazyPage(
  () => import('../features/booking/components/public-layout.tsx'),
  'PublicLayout',
  entry,
);
const appLayout = lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout', entry);
const modalsOutlet = lazyPage(() => import('./layouts/modals-outlet.tsx'), 'ModalsOutlet');
const customerDashboard = lazyPage(
  () => import('./routes/customer-dashboard-route.tsx'),
  'CustomerDashboardRoute',
);

// Built once, at start-up: each lazy page is created once and keeps its state across renders.
const routeTree = (
  <Routes>
    <Route element={<Root />}>
      {/* Guest-only pages, without the navbar. */}
      <Route element={<GuestOnly />}>
        <Route path="login" element={loginPage.element} />
        <Route
          path="forgot-password"
          element={page(
            () => import('../features/auth/pages/forgot-password-page.tsx'),
            'ForgotPasswordPage',
          )}
        />
        <Route path="sign-up" element={signUpPage.element} />
        {/* An alias of sign-up that keeps ?referral_code=. */}
        <Route path="referral" element={signUpPage.element} />
        {/* Mover and helper registration (the "Register as a Mover" target), ?referral_code= kept. */}
        <Route path="register" element={registerPage.element} />
      </Route>
      {/* Pages opened from e-mailed links: open to everyone, standalone. */}
      <Route
        path="reset-password"
        element={page(() => import('../features/auth/pages/reset-password-page.tsx'), 'ResetPasswordPage')}
      />
      <Route
        path="verify-email"
        element={page(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage')}
      />
      <Route
        path="write-review"
        element={page(() => import('../features/reviews/pages/write-review-page.tsx'), 'WriteReviewPage')}
      />
      <Route
        path="user-logout"
        element={page(() => import('../features/auth/pages/logout-page.tsx'), 'LogoutPage')}
      />
      {/* The delivery letter to print for the customer's signature: the page alone, no navbar. */}
      <Route element={<RequireAuth />}>
        <Route element={<RequireRole roles={['staff', 'labor']} />}>
          <Route
            path="delivery-letter/:deliveryId"
            element={page(
              () => import('../features/deliveries/pages/delivery-letter-page.tsx'),
              'DeliveryLetterPage',
            )}
          />
        </Route>
      </Route>
      {/* The public booking site: open to everyone (a visitor signs in only to book). */}
      <Route element={publicLayout.element}>
        <Route path="helper-list" element={helperListPage.element} />
        <Route
          path="book/:branchId"
          element={page(() => import('../features/booking/pages/book-page.tsx'), 'BookPage')}
        />
        <Route path="delivery" element={deliveryPage.element} />
      </Route>
      {/* Pages with the navbar (lazy too: the sign-in pages never need it). */}
      <Route element={appLayout.element}>
        <Route path="profile/:slug" element={publicCompanyPage.element} />
        <Route element={<RequireAuth />}>
          {/* Confirm dialogs for every signed-in page (a lazy layout: not on public pages). */}
          <Route element={modalsOutlet.element}>
            {/* Company dashboard: / goes to the deliveries tab; other roles go home. */}
            <Route element={<CompanyDashboardGuard />}>
              <Route index element={<ToDeliveries />} />
              <Route
                element={page(() => import('./routes/company-dashboard-route.tsx'), 'CompanyDashboardRoute')}
              >
                <Route
                  path="deliveries"
                  element={page(
                    () => import('../features/deliveries/pages/company-deliveries-tab-page.tsx'),
                    'CompanyDeliveriesTabPage',
                  )}
                />
                <Route
                  path="movings"
                  element={page(
                    () => import('../features/orders/pages/movings-tab-page.tsx'),
                    'MovingsTabPage',
                  )}
                />
              </Route>
            </Route>
            {/* Company staff. */}
            <Route element={<RequireRole roles={['staff']} />}>
              <Route
                path="calendar"
                element={page(() => import('./routes/calendar-route.tsx'), 'CalendarRoute')}
              />
              <Route
                path="locations"
                element={page(
                  () => import('../features/locations/pages/locations-page.tsx'),
                  'LocationsPage',
                )}
              />
              <Route
                path="choose-branch"
                element={page(
                  () => import('../features/locations/pages/choose-branch-page.tsx'),
                  'ChooseBranchPage',
                )}
              />
              <Route
                path="profile"
                element={page(
                  () => import('../features/company-profile/pages/company-profile-page.tsx'),
                  'CompanyProfilePage',
                )}
              />
              <Route
                path="orders"
                element={page(() => import('./routes/order-history-route.tsx'), 'OrderHistoryRoute')}
              />
              <Route
                path="payouts"
                element={page(() => import('../features/payouts/pages/payouts-page.tsx'), 'PayoutsPage')}
              />
              <Route
                path="pricing"
                element={page(() => import('../features/pricing/pages/pricing-page.tsx'), 'PricingPage')}
              />
              <Route
                path="options"
                element={page(() => import('../features/options/pages/options-page.tsx'), 'OptionsPage')}
              />
              <Route
                path="teams/:branchId?"
                element={page(() => import('../features/teams/pages/teams-page.tsx'), 'TeamsPage')}
              />
              <Route
                path="teams/:branchId/:crewId"
                element={page(() => import('../features/teams/pages/team-member-page.tsx'), 'TeamMemberPage')}
              />
            </Route>
            {/* Customers. */}
            <Route element={<RequireRole roles={['customer']} />}>
              <Route path="user-dashboard" element={customerDashboard.element} />
              <Route
                path="user-account"
                element={page(
                  () => import('../features/account/pages/account-settings-page.tsx'),
                  'AccountSettingsPage',
                )}
              />
            </Route>
            {/* Labor (helpers). */}
            <Route element={<RequireRole roles={['labor']} />}>
              <Route
                path="labor-dashboard"
                element={page(
                  () => import('../features/deliveries/pages/labor-dashboard-page.tsx'),
                  'LaborDashboardPage',
                )}
              />
              <Route
                path="labor-earnings"
                element={page(
                  () => import('../features/labor/pages/labor-earnings-page.tsx'),
                  'LaborEarningsPage',
                )}
              />
              <Route
                path="labor-settings"
                element={page(
                  () => import('../features/labor/pages/labor-settings-page.tsx'),
                  'LaborSettingsPage',
                )}
              />
            </Route>
            {/* Shared by customers, staff and helpers. */}
            <Route element={<RequireRole roles={['customer', 'staff', 'labor']} />}>
              <Route
                path="reviews"
                element={page(() => import('../features/reviews/pages/reviews-page.tsx'), 'ReviewsPage')}
              />
              <Route
                path="invite-friends"
                element={page(() => import('./routes/invite-friends-route.tsx'), 'InviteFriendsRoute')}
              />
            </Route>
            {/* Move day (issue 28): today's jobs for staff and helpers, the job page for staff. */}
            <Route element={<RequireRole roles={['staff', 'labor']} />}>
              <Route
                path="today"
                element={page(() => import('../features/move-day/pages/today-page.tsx'), 'TodayPage')}
              />
            </Route>
            <Route element={<RequireRole roles={['staff']} />}>
              <Route
                path="job/:orderId"
                element={page(() => import('../features/move-day/pages/job-page.tsx'), 'JobPage')}
              />
            </Route>
            {/* Admin: payout review and reconciliation. */}
            <Route element={<RequireRole roles={['admin']} />}>
              <Route
                path="admin"
                element={page(() => import('../features/admin/pages/admin-page.tsx'), 'AdminPage')}
              />
            </Route>
          </Route>
        </Route>
        <Route
          path="*"
          element={page(() => import('../features/errors/pages/not-found-page.tsx'), 'NotFoundPage')}
        />
      </Route>
    </Route>
  </Routes>
);

const FIRST_PAGE: Record<string, { preload: () => Promise<unknown> }[]> = {
  login: [loginPage],
  'sign-up': [signUpPage],
  register: [registerPage],
  delivery: [publicLayout, deliveryPage],
  'helper-list': [publicLayout, helperListPage],
  'company-page': [appLayout, publicCompanyPage],
};

/**
 * Downloads the code of the page a visit starts on, if it is a public entry page (the server
 * has already told the browser to fetch it), so the first render shows the page itself rather
 * than a loader first. Never fails: a failed download is retried when the route renders.
 */
export async function preloadFirstPage(pathname: string): Promise<void> {
  const route = entryRoutes.routes.find((r) => new RegExp(r.pattern).test(pathname));
  const parts = route ? (FIRST_PAGE[route.name] ?? []) : [];
  await Promise.all(parts.map((p) => p.preload().catch(() => undefined)));
}

/**
 * Signed-in pages a visit often starts on (a bookmark, a reload, a link in an e-mail). With a
 * stored session, their code and first data are asked for at once, beside the session check,
 * instead of one after another: the check, then the layout's code, then the page's, then its
 * data once it has rendered. The first frame is not held back for them: the account loader shows
 * until the check answers, as on any signed-in page.
 */
const SIGNED_IN_FIRST_PAGE: {
  pattern: RegExp;
  parts: { preload: () => Promise<unknown> }[];
  data?: (client: QueryClient) => void;
}[] = [
  {
    pattern: /^\/user-dashboard\/?$/,
    parts: [appLayout, modalsOutlet, customerDashboard],
    data: prefetchCustomerDashboard,
  },
];

export function startSignedInFirstPage(pathname: string, client: QueryClient): void {
  const page = SIGNED_IN_FIRST_PAGE.find((p) => p.pattern.test(pathname));
  if (!page) return;
  // The data first: the server is the longer wait, and the code may already be in the cache.
  page.data?.(client);
  for (const part of page.parts) part.preload().catch(() => undefined);
}

export function AppRoutes() {
  return <BrowserRouter>{routeTree}</BrowserRouter>;
}
