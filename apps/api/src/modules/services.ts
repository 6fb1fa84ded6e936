import type { TDeps } from '../context.ts';
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
import { createLiveService } from './live/live.service.ts';
import { createMapService } from './map/map.service.ts';
import { createMessagesService } from './messages/messages.service.ts';
import { createMoveDayService } from './move-day/move-day.service.ts';
import { createTimesheetsService } from './move-day/timesheets.ts';
import { createNotificationsService } from './notifications/notifications.service.ts';
import { createOptionsService } from './options/options.service.ts';
import { createOrdersService } from './orders/orders.service.ts';
import { createPayoutsService } from './payouts/payouts.service.ts';
import { createPricingService } from './pricing/pricing.service.ts';
import { createReferralsService } from './referrals/referrals.service.ts';
import { createReminderJobs } from './reminders/reminder-jobs.ts';
import { createRemindersService } from './reminders/reminders.service.ts';
import { createReviewsService } from './reviews/reviews.service.ts';
import { createUsersService } from './users/users.service.ts';

/** Every module's service, built once per process and handed to the routes and the jobs. */
export function createServices(deps: TDeps) {
  // Built in the order of their dependencies: a module gets the fronts of the modules it uses. A
  // lower module hears from a higher one through a function handed in here (a port), never an import.
  // A closing account is forgotten by the modules that keep its data (they are built below).
  const users = createUsersService(deps, [
    (tx, id) => labor.forgetUser(tx, id),
    (tx, id) => auth.forgetUser(tx, id),
    (tx, id) => notifications.forgetUser(tx, id),
  ]);
  const geo = createGeoService(deps.db, users);
  const coverage = createCoverageIndex(deps.db, () => deps.clock.now().getTime());
  const referrals = createReferralsService(deps, users);
  const auth = createAuthService(deps, users, referrals);
  const notifications = createNotificationsService(deps.db, deps.clock, deps.cache);
  const reminders = createRemindersService(deps);
  const labor = createLaborService(deps, auth, users, geo);
  // The branches module reads profile sections through the profile, which writes through it.
  const branches = createBranchesService(
    deps,
    coverage,
    (a, id, section) => companyProfile.section(a, id, section),
    geo,
  );
  const companyProfile = createCompanyProfileService(deps, branches);
  const registration = createRegistrationService(
    deps,
    geo,
    coverage,
    auth.sessionView,
    labor,
    users,
    branches,
    referrals,
  );
  const options = createOptionsService(deps, registration, branches);
  const pricing = createPricingService(deps, geo, branches, options);
  // Writing a review is a step of its order or delivery: the reviews module hands the writing to
  // them through these functions, and they read and write reviews through its service.
  const reviews = createReviewsService(
    deps,
    {
      order: (auth, id, party, input) => orders.review(auth, id, party, input),
      delivery: (auth, id, input) => deliveries.review(auth, id, input),
    },
    branches,
    notifications,
    auth,
  );
  const checkout = createCheckoutService(deps);
  const payouts = createPayoutsService(deps, checkout);
  const orders = createOrdersService(deps, geo, branches, pricing, reviews, {
    // Move day is built after the orders it works on: heard through this port at request time.
    moveDay: {
      jobState: (id) => moveDay.jobState(id),
      confirm: (auth, id, tip) => moveDay.confirm(auth, id, tip),
      jobLines: (rows, now) => moveDay.jobLines(rows, now),
    },
    notifications,
    users,
    referrals,
    payouts,
    checkout,
  });
  const deliveries = createDeliveriesService(deps, geo, coverage, checkout, reviews, {
    notifications,
    users,
    labor,
    payouts,
  });
  const messages = createMessagesService(deps, { orders, deliveries, users, labor, reminders });
  const moveDay = createMoveDayService(deps, {
    orders: orders.job,
    notifications,
    users,
    equipmentOf: async (companyId, branchId) => {
      const b = await branches.companyBranch(companyId, branchId);
      return (b?.equipments ?? []).map((e) => ({ uuid: e.uuid, value: e.value, isActive: e.is_active }));
    },
    deliveriesToday: (auth, now, branchId) => deliveries.todayJobs(auth, now, branchId),
  });
  const branchPhotos = createBranchPhotosService(deps, branches);
  const crews = createCrewsService(deps, { branches, geo, orders });
  return {
    auth,
    registration,
    googleSignIn: createGoogleSignInService(deps, users),
    labor,
    users,
    notifications,
    reminders,
    reminderJobs: createReminderJobs(deps, { orders, deliveries, users, labor, notifications }),
    geo,
    branches,
    branchPhotos,
    companyProfile,
    pricing,
    options,
    orders,
    reviews,
    referrals,
    calendar: createCalendarService(deps, { branches, options, orders }),
    crews,
    timesheets: createTimesheetsService(deps, { branches }),
    deliveries,
    moveDay,
    messages,
    booking: createBookingService(deps, geo, coverage, orders, checkout, crews, referrals, users),
    checkout,
    payouts,
    publicBranch: createPublicBranchService(deps, geo, {
      branches,
      branchPhotos,
      companyProfile,
      options,
      pricing,
      reviews,
    }),
    files: createFilesService(deps),
    map: createMapService(deps),
    coverage,
    live: createLiveService(deps),
  };
}

export type TServices = ReturnType<typeof createServices>;
