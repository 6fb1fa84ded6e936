import type { TDeps } from '../context.ts';
import type { requireAuth } from '../http/auth.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createGoogleSignInService } from './auth/google-sign-in.service.ts';
import { createRegistrationService } from './auth/registration.service.ts';
import { createBookingService } from './booking/booking.service.ts';
import { createPublicBranchService } from './booking/public-branch.service.ts';
import { createBranchPhotosService } from './branch-photos/branch-photos.service.ts';
import { createBranchesService } from './branches/branches.service.ts';
import { createCalendarService } from './calendar/calendar.service.ts';
import { createCheckoutService } from './checkout/checkout.service.ts';
import { createCompanyProfileService } from './company-profile/company-profile.service.ts';
import { createCrewsService } from './crews/crews.service.ts';
import { createDeliveriesService } from './deliveries/deliveries.service.ts';
import { createFilesService } from './files/files.service.ts';
import { createCoverageIndex } from './geo/coverage-index.ts';
import { createGeoService } from './geo/geo.service.ts';
import { createLaborService } from './labor/labor.service.ts';
import { createMapService } from './map/map.service.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createOptionsService } from './options/options.service.ts';
import { createOrdersService } from './orders/orders.service.ts';
import { createPricingService } from './pricing/pricing.service.ts';
import { createReferralsService } from './referrals/referrals.service.ts';
import { createReviewsService } from './reviews/reviews.service.ts';
import { createUsersService } from './users/users.service.ts';

/** Every module's service, built once per process and handed to the routes and the jobs. */
export function createServices(deps: TDeps) {
  const geo = createGeoService(deps.db);
  const coverage = createCoverageIndex(deps.db, () => deps.clock.now().getTime());
  const orders = createOrdersService(deps, geo);
  const checkout = createCheckoutService(deps);
  const deliveries = createDeliveriesService(deps, geo, coverage, checkout);
  const auth = createAuthService(deps);
  return {
    auth,
    registration: createRegistrationService(deps, geo, coverage, auth.sessionView),
    googleSignIn: createGoogleSignInService(deps),
    labor: createLaborService(deps),
    users: createUsersService(deps),
    notifications: createNotificationsService(deps.db, deps.clock),
    geo,
    branches: createBranchesService(deps, coverage),
    branchPhotos: createBranchPhotosService(deps),
    companyProfile: createCompanyProfileService(deps),
    pricing: createPricingService(deps, geo),
    options: createOptionsService(deps),
    orders,
    reviews: createReviewsService(deps, { order: orders.review, delivery: deliveries.review }),
    referrals: createReferralsService(deps),
    calendar: createCalendarService(deps),
    crews: createCrewsService(deps),
    deliveries,
    booking: createBookingService(deps, geo, coverage, orders, checkout),
    checkout,
    publicBranch: createPublicBranchService(deps, geo),
    files: createFilesService(deps),
    map: createMapService(deps),
    coverage,
  };
}

export type TServices = ReturnType<typeof createServices>;
export type TRouteDeps = { deps: TDeps; services: TServices; auth: ReturnType<typeof requireAuth> };
