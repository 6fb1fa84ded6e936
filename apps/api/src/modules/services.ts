import type { TDeps } from '../context.ts';
import type { requireAuth } from '../http/auth.ts';
import { createAuthService } from './auth/auth.service.ts';
import { createBookingService } from './booking/booking.service.ts';
import { createPublicBranchService } from './booking/public-branch.service.ts';
import { createBranchPhotosService } from './branch-photos/branch-photos.service.ts';
import { createBranchesService } from './branches/branches.service.ts';
import { createCalendarService } from './calendar/calendar.service.ts';
import { createCompanyProfileService } from './company-profile/company-profile.service.ts';
import { createCrewsService } from './crews/crews.service.ts';
import { createDeliveriesService } from './deliveries/deliveries.service.ts';
import { createFilesService } from './files/files.service.ts';
import { createCoverageIndex } from './geo/coverage-index.ts';
import { createGeoService } from './geo/geo.service.ts';
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
  return {
    auth: createAuthService(deps),
    users: createUsersService(deps),
    notifications: createNotificationsService(deps.db, deps.clock),
    geo,
    branches: createBranchesService(deps, coverage),
    branchPhotos: createBranchPhotosService(deps),
    companyProfile: createCompanyProfileService(deps),
    pricing: createPricingService(deps, geo),
    options: createOptionsService(deps),
    orders: createOrdersService(deps, geo),
    reviews: createReviewsService(deps),
    referrals: createReferralsService(deps),
    calendar: createCalendarService(deps),
    crews: createCrewsService(deps),
    deliveries: createDeliveriesService(deps, geo, coverage),
    booking: createBookingService(deps, geo, coverage),
    publicBranch: createPublicBranchService(deps, geo),
    files: createFilesService(deps),
    map: createMapService(deps),
    coverage,
  };
}

export type TServices = ReturnType<typeof createServices>;
export type TRouteDeps = { deps: TDeps; services: TServices; auth: ReturnType<typeof requireAuth> };
