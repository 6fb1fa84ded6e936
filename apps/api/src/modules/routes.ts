import type { TDeps } from '../context.ts';
import { requireAuth } from '../http/auth.ts';
import type { TApp } from '../http/types.ts';
import { authRoutes } from './auth/auth.routes.ts';
import { createAuthService } from './auth/auth.service.ts';
import {
  customerBookingRoutes,
  paymentWebhookRoutes,
  publicBookingRoutes,
  publicBranchRoutes,
} from './booking/booking.routes.ts';
import { createBookingService } from './booking/booking.service.ts';
import { createPublicBranchService } from './booking/public-branch.service.ts';
import { branchesRoutes } from './branches/branches.routes.ts';
import { createBranchesService } from './branches/branches.service.ts';
import { filesRoutes } from './files/files.routes.ts';
import { createFilesService } from './files/files.service.ts';
import { createCoverageIndex } from './geo/coverage-index.ts';
import { coverageRoutes, geoRoutes, validationRoutes } from './geo/geo.routes.ts';
import { createGeoService } from './geo/geo.service.ts';
import { healthRoutes } from './health/health.routes.ts';
import { mapRoutes } from './map/map.routes.ts';
import { createMapService } from './map/map.service.ts';
import { notificationsRoutes } from './notifications/notifications.routes.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { optionsRoutes } from './options/options.routes.ts';
import { createOptionsService } from './options/options.service.ts';
import { ordersRoutes } from './orders/orders.routes.ts';
import { createOrdersService } from './orders/orders.service.ts';
import { pricingRoutes } from './pricing/pricing.routes.ts';
import { createPricingService } from './pricing/pricing.service.ts';
import { reviewsRoutes } from './reviews/reviews.routes.ts';
import { createReviewsService } from './reviews/reviews.service.ts';
import { usersRoutes } from './users/users.routes.ts';
import { createUsersService } from './users/users.service.ts';

export function createServices(deps: TDeps) {
  const geo = createGeoService(deps.db);
  const coverage = createCoverageIndex(deps.db, () => deps.clock.now().getTime());
  return {
    auth: createAuthService(deps),
    users: createUsersService(deps),
    notifications: createNotificationsService(deps.db, deps.clock),
    geo,
    branches: createBranchesService(deps, coverage),
    pricing: createPricingService(deps, geo),
    options: createOptionsService(deps),
    orders: createOrdersService(deps, geo),
    reviews: createReviewsService(deps),
    booking: createBookingService(deps, geo, coverage),
    publicBranch: createPublicBranchService(deps, geo),
    files: createFilesService(deps),
    map: createMapService(deps),
    coverage,
  };
}

export type TServices = ReturnType<typeof createServices>;
export type TRouteDeps = { deps: TDeps; services: TServices; auth: ReturnType<typeof requireAuth> };

/** Mounts every module under its base path (ARCHITECTURE: the API contract). */
export async function registerRoutes(app: TApp, deps: TDeps, services: TServices): Promise<void> {
  const rd: TRouteDeps = { deps, services, auth: requireAuth(deps.db, deps.clock, deps.cache) };
  await app.register(
    async (api) => {
      healthRoutes(api as TApp, rd);
    },
    { prefix: '/api' },
  );
  await app.register(
    async (validations) => {
      validationRoutes(validations as TApp, rd);
    },
    { prefix: '/api/validations' },
  );
  await app.register(
    async (pub) => {
      coverageRoutes(pub as TApp, rd);
      publicBookingRoutes(pub as TApp, rd);
      publicBranchRoutes(pub as TApp, rd);
      mapRoutes(pub as TApp, rd);
      await pub.register(async (hooks) => paymentWebhookRoutes(hooks as TApp, rd));
    },
    { prefix: '/api/public' },
  );
  await app.register(
    async (files) => {
      filesRoutes(files as TApp, rd);
    },
    { prefix: '/api/files' },
  );
  await app.register(
    async (dashboard) => {
      const d = dashboard as TApp;
      authRoutes(d, rd);
      usersRoutes(d, rd);
      notificationsRoutes(d, rd);
      geoRoutes(d, rd);
      branchesRoutes(d, rd);
      optionsRoutes(d, rd);
      pricingRoutes(d, rd);
      customerBookingRoutes(d, rd);
      ordersRoutes(d, rd);
      reviewsRoutes(d, rd);
    },
    { prefix: '/api/dashboard' },
  );
}
