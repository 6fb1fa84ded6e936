import type { TDeps } from '../context.ts';
import { requireAuth } from '../http/auth.ts';
import type { TApp } from '../http/types.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { googleRoutes, registrationRoutes } from './auth/registration.routes.ts';
import { customerBookingRoutes, publicBookingRoutes, publicBranchRoutes } from './booking/booking.routes.ts';
import { branchPhotosRoutes } from './branch-photos/branch-photos.routes.ts';
import { branchesRoutes } from './branches/branches.routes.ts';
import { calendarRoutes, publicCalendarRoutes } from './calendar/calendar.routes.ts';
import { paymentWebhookRoutes } from './checkout/checkout.routes.ts';
import { companyProfileRoutes } from './company-profile/company-profile.routes.ts';
import { crewsRoutes } from './crews/crews.routes.ts';
import { customerDeliveriesRoutes, publicDeliveriesRoutes } from './deliveries/customer-deliveries.routes.ts';
import { deliveryCancellationRoutes } from './deliveries/delivery-cancellation.routes.ts';
import { deliveriesRoutes } from './deliveries/helper-deliveries.routes.ts';
import { adminPayoutRoutes } from './deliveries/payout-review.routes.ts';
import { filesRoutes } from './files/files.routes.ts';
import { coverageRoutes, geoRoutes, validationRoutes } from './geo/geo.routes.ts';
import { healthRoutes } from './health/health.routes.ts';
import { laborRoutes } from './labor/labor.routes.ts';
import { liveRoutes } from './live/live.routes.ts';
import { mapRoutes } from './map/map.routes.ts';
import { adminMessagesRoutes } from './messages/admin-messages.routes.ts';
import { messagesRoutes } from './messages/messages.routes.ts';
import { moveDayRoutes } from './move-day/move-day.routes.ts';
import { timesheetsRoutes } from './move-day/timesheets.routes.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { optionsRoutes } from './options/options.routes.ts';
import { customerCompleteRoutes } from './orders/customer-complete.routes.ts';
import { orderCancellationRoutes } from './orders/order-cancellation.routes.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { payoutsRoutes, reconciliationRoutes } from './payouts/payouts.routes.ts';
import { pricingRoutes } from './pricing/pricing.routes.ts';
import { referralsRoutes } from './referrals/referrals.routes.ts';
import { publicReviewRoutes, reviewsRoutes } from './reviews/reviews.routes.ts';
import type { TServices } from './services.ts';
import { usersRoutes } from './users/users.routes.ts';

/** Mounts every module under its base path (ARCHITECTURE: the API contract). */
export async function registerRoutes(app: TApp, deps: TDeps, services: TServices): Promise<void> {
  const auth = requireAuth(deps.db, deps.clock, deps.cache);
  // Each module's routes get only their own service (route-deps.ts).
  const front = <S>(service: S) => ({ deps, auth, service });
  await app.register(
    async (api) => {
      healthRoutes(api as TApp, { deps });
    },
    { prefix: '/api' },
  );
  await app.register(
    async (validations) => {
      validationRoutes(validations as TApp, front(services.geo));
    },
    { prefix: '/api/validations' },
  );
  await app.register(
    async (pub) => {
      coverageRoutes(pub as TApp, front(services.geo));
      publicBookingRoutes(pub as TApp, front(services.booking));
      publicBranchRoutes(pub as TApp, front(services.publicBranch));
      mapRoutes(pub as TApp, front(services.map));
      publicCalendarRoutes(pub as TApp, front(services.calendar));
      publicDeliveriesRoutes(pub as TApp, front(services.deliveries));
      publicReviewRoutes(pub as TApp, front(services.reviews));
      registrationRoutes(
        pub as TApp,
        front({ registration: services.registration, googleSignIn: services.googleSignIn }),
      );
      await pub.register(async (hooks) => paymentWebhookRoutes(hooks as TApp, front(services.checkout)));
    },
    { prefix: '/api/public' },
  );
  await app.register(
    async (google) => {
      googleRoutes(google as TApp, front(services.googleSignIn));
    },
    { prefix: '/api/google' },
  );
  await app.register(
    async (files) => {
      filesRoutes(files as TApp, front(services.files));
    },
    { prefix: '/api/files' },
  );
  await app.register(
    async (dashboard) => {
      const d = dashboard as TApp;
      authRoutes(d, front(services.auth));
      usersRoutes(d, front(services.users));
      laborRoutes(d, front(services.labor));
      notificationsRoutes(d, front(services.notifications));
      liveRoutes(d, front(services.live));
      geoRoutes(d, front(services.geo));
      branchesRoutes(d, front(services.branches));
      branchPhotosRoutes(d, front(services.branchPhotos));
      companyProfileRoutes(d, front(services.companyProfile));
      optionsRoutes(d, front(services.options));
      pricingRoutes(d, front(services.pricing));
      customerBookingRoutes(d, front(services.booking));
      ordersRoutes(d, front(services.orders));
      customerCompleteRoutes(d, front(services.orders));
      orderCancellationRoutes(d, front(services.orders));
      reviewsRoutes(d, front(services.reviews));
      referralsRoutes(d, front(services.referrals));
      calendarRoutes(d, front(services.calendar));
      crewsRoutes(d, front(services.crews));
      timesheetsRoutes(d, front(services.timesheets));
      payoutsRoutes(d, front(services.payouts));
      customerDeliveriesRoutes(d, front(services.deliveries));
      deliveryCancellationRoutes(d, front(services.deliveries));
      messagesRoutes(d, front(services.messages));
      // Its own scope: the multipart parser serves only the deliveries' calls.
      await d.register(async (scope) => deliveriesRoutes(scope as TApp, front(services.deliveries)));
      await d.register(async (scope) => moveDayRoutes(scope as TApp, front(services.moveDay)));
    },
    { prefix: '/api/dashboard' },
  );
  await app.register(
    async (admin) => {
      adminPayoutRoutes(admin as TApp, front(services.deliveries));
      reconciliationRoutes(admin as TApp, front(services.payouts));
      adminMessagesRoutes(admin as TApp, front(services.messages));
    },
    { prefix: '/api/admin' },
  );
}
