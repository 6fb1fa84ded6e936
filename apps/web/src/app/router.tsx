import { Suspense } from 'react';
import { BrowserRouter, Navigate, Outlet, Route, Routes, useLocation } from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { CompanyDashboardGuard } from './guards/company-dashboard-guard.tsx';
import { GuestOnly } from './guards/guest-only.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequireRole } from './guards/require-role.tsx';
import { lazyPage } from './lazy-page.tsx';
import { RouteErrorBoundary } from './route-error-boundary.tsx';
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

const signUpPage = lazyPage(() => import('../features/auth/pages/sign-up-page.tsx'), 'SignUpPage');

const publicLayout = lazyPage(
  () => import('../features/booking/components/public-layout.tsx'),
  'PublicLayout',
);
const appLayout = lazyPage(() => import('./layouts/app-layout.tsx'), 'AppLayout');
const modalsOutlet = lazyPage(() => import('./layouts/modals-outlet.tsx'), 'ModalsOutlet');

// Built once, at start-up: each lazy page is created once and keeps its state across renders.
const routeTree = (
  <Routes>
    <Route element={<Root />}>
      {/* Guest-only pages, without the navbar. */}
      <Route element={<GuestOnly />}>
        <Route
          path="login"
          element={lazyPage(() => import('../features/auth/pages/login-page.tsx'), 'LoginPage')}
        />
        <Route
          path="forgot-password"
          element={lazyPage(
            () => import('../features/auth/pages/forgot-password-page.tsx'),
            'ForgotPasswordPage',
          )}
        />
        <Route path="sign-up" element={signUpPage} />
        {/* Aliases of sign-up that keep ?referral_code=. */}
        <Route path="register" element={signUpPage} />
        <Route path="referral" element={signUpPage} />
      </Route>
      {/* Pages opened from e-mailed links: open to everyone, standalone. */}
      <Route
        path="reset-password"
        element={lazyPage(
          () => import('../features/auth/pages/reset-password-page.tsx'),
          'ResetPasswordPage',
        )}
      />
      <Route
        path="verify-email"
        element={lazyPage(() => import('../features/auth/pages/verify-email-page.tsx'), 'VerifyEmailPage')}
      />
      <Route
        path="user-logout"
        element={lazyPage(() => import('../features/auth/pages/logout-page.tsx'), 'LogoutPage')}
      />
      {/* The public booking site: open to everyone (a visitor signs in only to book). */}
      <Route element={publicLayout}>
        <Route
          path="helper-list"
          element={lazyPage(() => import('../features/booking/pages/helper-list-page.tsx'), 'HelperListPage')}
        />
        <Route
          path="book/:branchId"
          element={lazyPage(() => import('../features/booking/pages/book-page.tsx'), 'BookPage')}
        />
        <Route
          path="delivery"
          element={lazyPage(() => import('../features/booking/pages/delivery-page.tsx'), 'DeliveryPage')}
        />
      </Route>
      {/* Pages with the navbar (lazy too: the sign-in pages never need it). */}
      <Route element={appLayout}>
        <Route
          path="profile/:slug"
          element={lazyPage(
            () => import('../features/company-profile/pages/public-company-page.tsx'),
            'PublicCompanyPage',
          )}
        />
        <Route element={<RequireAuth />}>
          {/* Confirm dialogs for every signed-in page (a lazy layout: not on public pages). */}
          <Route element={modalsOutlet}>
            {/* Company dashboard: / goes to the deliveries tab; other roles go home. */}
            <Route element={<CompanyDashboardGuard />}>
              <Route index element={<ToDeliveries />} />
              <Route
                element={lazyPage(
                  () => import('../features/dashboard/pages/company-dashboard-page.tsx'),
                  'CompanyDashboardPage',
                )}
              >
                <Route
                  path="deliveries"
                  element={lazyPage(
                    () => import('../features/dashboard/pages/deliveries-tab-page.tsx'),
                    'DeliveriesTabPage',
                  )}
                />
                <Route
                  path="movings"
                  element={lazyPage(
                    () => import('../features/dashboard/pages/movings-tab-page.tsx'),
                    'MovingsTabPage',
                  )}
                />
              </Route>
            </Route>
            {/* Company staff. */}
            <Route element={<RequireRole roles={['staff']} />}>
              <Route
                path="calendar"
                element={lazyPage(
                  () => import('../features/calendar/pages/calendar-page.tsx'),
                  'CalendarPage',
                )}
              />
              <Route
                path="locations"
                element={lazyPage(
                  () => import('../features/locations/pages/locations-page.tsx'),
                  'LocationsPage',
                )}
              />
              <Route
                path="choose-branch"
                element={lazyPage(
                  () => import('../features/locations/pages/choose-branch-page.tsx'),
                  'ChooseBranchPage',
                )}
              />
              <Route
                path="profile"
                element={lazyPage(
                  () => import('../features/company-profile/pages/company-profile-page.tsx'),
                  'CompanyProfilePage',
                )}
              />
              <Route
                path="orders"
                element={lazyPage(
                  () => import('../features/orders/pages/order-history-page.tsx'),
                  'OrderHistoryPage',
                )}
              />
              <Route
                path="pricing"
                element={lazyPage(() => import('../features/pricing/pages/pricing-page.tsx'), 'PricingPage')}
              />
              <Route
                path="options"
                element={lazyPage(() => import('../features/options/pages/options-page.tsx'), 'OptionsPage')}
              />
              <Route
                path="teams/:branchId?"
                element={lazyPage(() => import('../features/teams/pages/teams-page.tsx'), 'TeamsPage')}
              />
              <Route
                path="teams/:branchId/:crewId"
                element={lazyPage(
                  () => import('../features/teams/pages/team-member-page.tsx'),
                  'TeamMemberPage',
                )}
              />
            </Route>
            {/* Customers. */}
            <Route element={<RequireRole roles={['customer']} />}>
              <Route
                path="user-dashboard"
                element={lazyPage(
                  () => import('../features/customer/pages/customer-dashboard-page.tsx'),
                  'CustomerDashboardPage',
                )}
              />
              <Route
                path="user-account"
                element={lazyPage(
                  () => import('../features/account/pages/account-settings-page.tsx'),
                  'AccountSettingsPage',
                )}
              />
            </Route>
            {/* Labor (helpers). */}
            <Route element={<RequireRole roles={['labor']} />}>
              <Route
                path="labor-dashboard"
                element={lazyPage(
                  () => import('../features/labor/pages/labor-dashboard-page.tsx'),
                  'LaborDashboardPage',
                )}
              />
              <Route
                path="labor-earnings"
                element={lazyPage(
                  () => import('../features/labor/pages/labor-earnings-page.tsx'),
                  'LaborEarningsPage',
                )}
              />
              <Route
                path="labor-settings"
                element={lazyPage(
                  () => import('../features/labor/pages/labor-settings-page.tsx'),
                  'LaborSettingsPage',
                )}
              />
            </Route>
            {/* Shared by customers, staff and helpers. */}
            <Route element={<RequireRole roles={['customer', 'staff', 'labor']} />}>
              <Route
                path="reviews"
                element={lazyPage(() => import('../features/reviews/pages/reviews-page.tsx'), 'ReviewsPage')}
              />
              <Route
                path="invite-friends"
                element={lazyPage(
                  () => import('../features/referrals/pages/invite-friends-page.tsx'),
                  'InviteFriendsPage',
                )}
              />
            </Route>
            {/* Admin: payout review. */}
            <Route element={<RequireRole roles={['admin']} />}>
              <Route
                path="admin"
                element={lazyPage(
                  () => import('../features/admin/pages/payout-reviews-page.tsx'),
                  'PayoutReviewsPage',
                )}
              />
            </Route>
          </Route>
        </Route>
        <Route
          path="*"
          element={lazyPage(() => import('../features/errors/pages/not-found-page.tsx'), 'NotFoundPage')}
        />
      </Route>
    </Route>
  </Routes>
);

export function AppRoutes() {
  return <BrowserRouter>{routeTree}</BrowserRouter>;
}
