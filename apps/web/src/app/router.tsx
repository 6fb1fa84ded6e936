import {
  createBrowserRouter,
  Navigate,
  Outlet,
  type RouteObject,
  ScrollRestoration,
  useLocation,
} from 'react-router';
import { FullPageLoader } from '../components/full-page-loader.tsx';
import { RouteError } from '../features/errors/components/route-error.tsx';
import { CompanyDashboardGuard } from './guards/company-dashboard-guard.tsx';
import { GuestOnly } from './guards/guest-only.tsx';
import { RequireAuth } from './guards/require-auth.tsx';
import { RequireRole } from './guards/require-role.tsx';

/*
 * The spec's route table. Every page and the navbar layout are lazy-loaded, so each area
 * downloads only its own code; the guards are tiny and ship with the entry chunk.
 */

/** `/` opens the deliveries tab, keeping the query (e.g. ?review-order=). */
function ToDeliveries() {
  const { search } = useLocation();
  return <Navigate to={`/deliveries${search}`} replace />;
}

function Root() {
  return (
    <>
      <ScrollRestoration />
      <Outlet />
    </>
  );
}

const signUpPage = () =>
  import('../features/auth/pages/sign-up-page.tsx').then((m) => ({ Component: m.SignUpPage }));

export const routes: RouteObject[] = [
  {
    path: '/',
    Component: Root,
    HydrateFallback: FullPageLoader,
    ErrorBoundary: RouteError,
    children: [
      // Guest-only pages, without the navbar.
      {
        Component: GuestOnly,
        children: [
          {
            path: 'login',
            lazy: () =>
              import('../features/auth/pages/login-page.tsx').then((m) => ({ Component: m.LoginPage })),
          },
          {
            path: 'forgot-password',
            lazy: () =>
              import('../features/auth/pages/forgot-password-page.tsx').then((m) => ({
                Component: m.ForgotPasswordPage,
              })),
          },
          { path: 'sign-up', lazy: signUpPage },
          // Aliases of sign-up that keep ?referral_code=.
          { path: 'register', lazy: signUpPage },
          { path: 'referral', lazy: signUpPage },
        ],
      },
      // Pages opened from e-mailed links: open to everyone, standalone.
      {
        path: 'reset-password',
        lazy: () =>
          import('../features/auth/pages/reset-password-page.tsx').then((m) => ({
            Component: m.ResetPasswordPage,
          })),
      },
      {
        path: 'verify-email',
        lazy: () =>
          import('../features/auth/pages/verify-email-page.tsx').then((m) => ({
            Component: m.VerifyEmailPage,
          })),
      },
      {
        path: 'user-logout',
        lazy: () =>
          import('../features/auth/pages/logout-page.tsx').then((m) => ({ Component: m.LogoutPage })),
      },
      // The public booking site: open to everyone (a visitor signs in only to book).
      {
        lazy: () =>
          import('../features/booking/components/public-layout.tsx').then((m) => ({
            Component: m.PublicLayout,
          })),
        children: [
          {
            path: 'helper-list',
            lazy: () =>
              import('../features/booking/pages/helper-list-page.tsx').then((m) => ({
                Component: m.HelperListPage,
              })),
          },
          {
            path: 'book/:branchId',
            lazy: () =>
              import('../features/booking/pages/book-page.tsx').then((m) => ({ Component: m.BookPage })),
          },
          {
            path: 'delivery',
            lazy: () =>
              import('../features/booking/pages/delivery-page.tsx').then((m) => ({
                Component: m.DeliveryPage,
              })),
          },
        ],
      },
      // Pages with the navbar (lazy too: the sign-in pages never need it).
      {
        lazy: () => import('./layouts/app-layout.tsx').then((m) => ({ Component: m.AppLayout })),
        children: [
          {
            path: 'profile/:slug',
            lazy: () =>
              import('../features/company-profile/pages/public-company-page.tsx').then((m) => ({
                Component: m.PublicCompanyPage,
              })),
          },
          {
            Component: RequireAuth,
            children: [
              // Company dashboard: / goes to the deliveries tab; other roles go home.
              {
                Component: CompanyDashboardGuard,
                children: [
                  { index: true, Component: ToDeliveries },
                  {
                    lazy: () =>
                      import('../features/dashboard/pages/company-dashboard-page.tsx').then((m) => ({
                        Component: m.CompanyDashboardPage,
                      })),
                    children: [
                      {
                        path: 'deliveries',
                        lazy: () =>
                          import('../features/dashboard/pages/deliveries-tab-page.tsx').then((m) => ({
                            Component: m.DeliveriesTabPage,
                          })),
                      },
                      {
                        path: 'movings',
                        lazy: () =>
                          import('../features/dashboard/pages/movings-tab-page.tsx').then((m) => ({
                            Component: m.MovingsTabPage,
                          })),
                      },
                    ],
                  },
                ],
              },
              // Company staff.
              {
                element: <RequireRole roles={['staff']} />,
                children: [
                  {
                    path: 'calendar',
                    lazy: () =>
                      import('../features/calendar/pages/calendar-page.tsx').then((m) => ({
                        Component: m.CalendarPage,
                      })),
                  },
                  {
                    path: 'locations',
                    lazy: () =>
                      import('../features/locations/pages/locations-page.tsx').then((m) => ({
                        Component: m.LocationsPage,
                      })),
                  },
                  {
                    path: 'choose-branch',
                    lazy: () =>
                      import('../features/locations/pages/choose-branch-page.tsx').then((m) => ({
                        Component: m.ChooseBranchPage,
                      })),
                  },
                  {
                    path: 'profile',
                    lazy: () =>
                      import('../features/company-profile/pages/company-profile-page.tsx').then((m) => ({
                        Component: m.CompanyProfilePage,
                      })),
                  },
                  {
                    path: 'orders',
                    lazy: () =>
                      import('../features/orders/pages/order-history-page.tsx').then((m) => ({
                        Component: m.OrderHistoryPage,
                      })),
                  },
                  {
                    path: 'pricing',
                    lazy: () =>
                      import('../features/pricing/pages/pricing-page.tsx').then((m) => ({
                        Component: m.PricingPage,
                      })),
                  },
                  {
                    path: 'options',
                    lazy: () =>
                      import('../features/options/pages/options-page.tsx').then((m) => ({
                        Component: m.OptionsPage,
                      })),
                  },
                  {
                    path: 'teams/:branchId?',
                    lazy: () =>
                      import('../features/teams/pages/teams-page.tsx').then((m) => ({
                        Component: m.TeamsPage,
                      })),
                  },
                  {
                    path: 'teams/:branchId/:crewId',
                    lazy: () =>
                      import('../features/teams/pages/team-member-page.tsx').then((m) => ({
                        Component: m.TeamMemberPage,
                      })),
                  },
                ],
              },
              // Customers.
              {
                element: <RequireRole roles={['customer']} />,
                children: [
                  {
                    path: 'user-dashboard',
                    lazy: () =>
                      import('../features/customer/pages/customer-dashboard-page.tsx').then((m) => ({
                        Component: m.CustomerDashboardPage,
                      })),
                  },
                  {
                    path: 'user-account',
                    lazy: () =>
                      import('../features/account/pages/account-settings-page.tsx').then((m) => ({
                        Component: m.AccountSettingsPage,
                      })),
                  },
                ],
              },
              // Labor (helpers).
              {
                element: <RequireRole roles={['labor']} />,
                children: [
                  {
                    path: 'labor-dashboard',
                    lazy: () =>
                      import('../features/labor/pages/labor-dashboard-page.tsx').then((m) => ({
                        Component: m.LaborDashboardPage,
                      })),
                  },
                  {
                    path: 'labor-earnings',
                    lazy: () =>
                      import('../features/labor/pages/labor-earnings-page.tsx').then((m) => ({
                        Component: m.LaborEarningsPage,
                      })),
                  },
                  {
                    path: 'labor-settings',
                    lazy: () =>
                      import('../features/labor/pages/labor-settings-page.tsx').then((m) => ({
                        Component: m.LaborSettingsPage,
                      })),
                  },
                ],
              },
              // Shared by customers, staff and helpers.
              {
                element: <RequireRole roles={['customer', 'staff', 'labor']} />,
                children: [
                  {
                    path: 'reviews',
                    lazy: () =>
                      import('../features/reviews/pages/reviews-page.tsx').then((m) => ({
                        Component: m.ReviewsPage,
                      })),
                  },
                  {
                    path: 'invite-friends',
                    lazy: () =>
                      import('../features/referrals/pages/invite-friends-page.tsx').then((m) => ({
                        Component: m.InviteFriendsPage,
                      })),
                  },
                ],
              },
              // Admin: payout review.
              {
                element: <RequireRole roles={['admin']} />,
                children: [
                  {
                    path: 'admin',
                    lazy: () =>
                      import('../features/admin/pages/payout-reviews-page.tsx').then((m) => ({
                        Component: m.PayoutReviewsPage,
                      })),
                  },
                ],
              },
            ],
          },
          {
            path: '*',
            lazy: () =>
              import('../features/errors/pages/not-found-page.tsx').then((m) => ({
                Component: m.NotFoundPage,
              })),
          },
        ],
      },
    ],
  },
];

/** Created once at start-up, so the first page's code downloads while the session is checked. */
export const router = createBrowserRouter(routes);
