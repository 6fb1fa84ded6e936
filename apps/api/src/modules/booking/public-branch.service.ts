import type { TPublicBranchView } from '@haulpro/shared/branch-view';
import { companyPageTitle } from '@haulpro/shared/navigation';
import { starAverage } from '@haulpro/shared/review';
import type { TDeps } from '../../context.ts';
import { DEFAULT_WORKING_DAY } from '../../domain/availability.ts';
import { notFound } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { summary, type TPageHead } from '../../domain/page-head.ts';
import type { TBranchPhotosService } from '../branch-photos/branch-photos.service.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import type { TCompanyProfileService } from '../company-profile/company-profile.service.ts';
import type { createGeoService } from '../geo/geo.service.ts';
import type { TOptionsService } from '../options/options.service.ts';
import type { TPricingService } from '../pricing/pricing.service.ts';
import type { TReviewsService } from '../reviews/reviews.service.ts';
import { branchTrackRecord } from './public-branch.repository.ts';

const ratio = (part: number, whole: number) => (whole > 0 ? Math.round((part / whole) * 1000) / 1000 : null);

/** The public page of a branch (spec: Public profile), by its slug. Open to everyone. */
export function createPublicBranchService(
  { db, payments, config }: TDeps,
  geo: ReturnType<typeof createGeoService>,
  m: {
    branches: Pick<TBranchesService, 'bySlug'>;
    branchPhotos: Pick<TBranchPhotosService, 'publicPhotos'>;
    companyProfile: Pick<TCompanyProfileService, 'introduction' | 'publicCredentials'>;
    options: Pick<TOptionsService, 'workingDays' | 'cancellationTiers'>;
    pricing: Pick<TPricingService, 'branchServices'>;
    reviews: Pick<TReviewsService, 'publishedForBranch'>;
  },
) {
  return {
    /**
     * The company page's title, description and preview image, for the HTML the server sends
     * (search engines and link previews never run the page's code). null for an unknown slug.
     */
    async pageHead(slug: string): Promise<TPageHead | null> {
      const row = await m.branches.bySlug(slug);
      if (!row) return null;
      const b = row.b;
      const place = await geo.zipInfo(b.zipCode);
      const where = place?.city_name ? ` in ${place.city_name}, ${place.state_code}` : '';
      const title = companyPageTitle({
        company_name: row.companyName,
        branch_name: b.name,
        city: place?.city_name ?? null,
        state: place?.state_code ?? null,
      });
      const rating = starAverage(b.ratingSum, b.reviewsCount);
      const record =
        b.reviewsCount > 0
          ? ` Rated ${rating.toFixed(1)} out of 5 from ${b.reviewsCount} review${b.reviewsCount === 1 ? '' : 's'}.`
          : '';
      const about = b.aboutUs?.trim();
      const logo = b.logo ?? row.companyLogo;
      return {
        title: `${title} | Haulpro`,
        description: summary(
          about
            ? about
            : `${row.companyName} offers moving help${where}.${record} See crews, prices, working hours and reviews, and book online on Haulpro.`,
        ),
        url: `${config.publicUrl}/profile/${encodeURIComponent(b.slug)}`,
        image: logo ? new URL(logo, `${config.publicUrl}/`).toString() : null,
      };
    },

    async bySlug(slug: string): Promise<TPublicBranchView> {
      const row = await m.branches.bySlug(slug);
      if (!row) throw notFound();
      const b = row.b;
      const [crews, days, reviews, place, track, intro, creds, photos, tiers] = await Promise.all([
        m.pricing.branchServices(b.id),
        m.options.workingDays(b.id),
        m.reviews.publishedForBranch(b.id, 10),
        geo.zipInfo(b.zipCode),
        branchTrackRecord(db, b.id),
        m.companyProfile.introduction(b.id),
        m.companyProfile.publicCredentials(b.id),
        m.branchPhotos.publicPhotos(b.id),
        m.options.cancellationTiers(b.companyId),
      ]);
      const logo = b.logo ?? row.companyLogo ?? null;
      const crew = (c: (typeof crews)[number]) => ({
        id: c.id,
        employees_count: c.employeesCount,
        minimum_hours: c.minimumHours,
        hourly: toDollars(c.baseHourlyRate),
        truck_number: c.truckNumber ?? 0,
        truck_size: c.truckSize,
      });
      const byCount = (a: { employees_count: number }, z: { employees_count: number }) =>
        a.employees_count - z.employees_count;
      return {
        branch_id: b.id,
        slug: b.slug,
        branch_name: b.name,
        company_name: row.companyName,
        logo,
        avatar: logo,
        address: b.address,
        city: place?.city_name ?? null,
        state: place?.state_code ?? null,
        zip_code: b.zipCode,
        latitude: b.latitude,
        longitude: b.longitude,
        service_area: b.serviceArea,
        phone: b.primaryPhone,
        rating: starAverage(b.ratingSum, b.reviewsCount),
        reviews_count: b.reviewsCount,
        found_date: b.foundDate,
        employees_count: b.employeesCount,
        times_hired: track?.completed ?? 0,
        orders_count: track?.completed ?? 0,
        acceptance_rate: ratio(track?.accepted ?? 0, (track?.accepted ?? 0) + (track?.declined ?? 0)),
        cancellation_rate: ratio(track?.cancelled ?? 0, track?.accepted ?? 0),
        about_us: intro.about_us,
        is_checked: creds.is_checked,
        photos,
        selected_service: intro.services.map((x) => ({ ...x, is_active: true })),
        credentials: creds.credentials,
        answers: intro.faqs.map(({ id, question, answer }) => ({ id, question, answer })),
        services: {
          helpers_only: crews
            .filter((c) => c.serviceType === 1)
            .map(crew)
            .sort(byCount),
          helpers_and_trucks: crews
            .filter((c) => c.serviceType === 2)
            .map(crew)
            .sort(byCount),
        },
        working_days: Array.from({ length: 7 }, (_, day) => {
          const d = days.find((x) => x.day === day);
          return d
            ? { day, is_active: d.isActive, from_hour: d.fromHour, to_hour: d.toHour }
            : {
                day,
                is_active: DEFAULT_WORKING_DAY.isActive,
                from_hour: DEFAULT_WORKING_DAY.fromHour,
                to_hour: DEFAULT_WORKING_DAY.toHour,
              };
        }),
        payment_methods: row.companyPaymentMethods
          .filter((m) => m.is_active && m.name.trim() !== '')
          .map((m) => ({ name: m.name, is_active: true })),
        payment_options: payments ? ['cash', 'electronic'] : ['cash'],
        cancellation_policy: tiers,
        reviews: reviews.list,
      };
    },
  };
}

export type TPublicBranchService = ReturnType<typeof createPublicBranchService>;
