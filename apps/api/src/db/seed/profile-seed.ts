import { asc, eq } from 'drizzle-orm';
import { todayIn } from '../../domain/availability.ts';
import type { TDb, TTx } from '../client.ts';
import { branches, branchServicesOffered, faqAnswers, faqQuestions, profileServices } from '../schema.ts';

type TQ = TDb | TTx;

/** YYYY-MM-DD `days` after `date`. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

const ABOUT_LONG =
  'Demo Movers is a family-run moving company that has been helping Los Angeles households and ' +
  'small businesses move since 2009. Every crew is made of full-time movers we trained ourselves: ' +
  'they wrap every piece of furniture in blankets, protect floors and door frames, and take apart ' +
  'and put back together beds, tables and desks at no extra charge. We come with a truck stocked ' +
  'with dollies, straps and shrink wrap, and we give you one clear hourly rate before the move, ' +
  'with no hidden fees for stairs or long carries. Whether it is a studio across town or a ' +
  'four-bedroom house going to the Valley, the same foreman stays with your move from the first ' +
  'box to the last. Ask us about packing help, storage for a few weeks between leases, and ' +
  'careful handling of pianos, safes and antiques.';

const ABOUT_SHORT =
  'The Pasadena crew of Demo Movers: quick apartment moves, careful loading and unloading, and ' +
  'friendly movers who know the San Gabriel Valley.';

const ANSWERS = [
  'Pack a bag with what you need for the first night, empty and defrost the fridge, and keep a clear path to the door.',
  'We wrap furniture in moving blankets and shrink wrap, and lay floor runners and door-frame pads in both homes.',
  'We do not move hazardous materials, open paint, propane tanks, plants across state lines or pets.',
  'Tell your foreman on the day; our cargo insurance covers damage we cause and we reply to every claim within 3 days.',
];

/**
 * The demo company's profile (issue 14): about texts (the main one over 500 characters, so the
 * public page folds it behind Read more), offered services, FAQ answers, credentials with one
 * licence expiring within 30 days of `now` (so /profile shows the warning), the two flags, and the
 * branch facts shown read-only on Branch info.
 */
export async function seedDemoProfile(db: TQ, branchIds: number[], now: Date): Promise<void> {
  const today = todayIn('America/Los_Angeles', now);
  const services = await db
    .select({ id: profileServices.id })
    .from(profileServices)
    .orderBy(asc(profileServices.position));
  const questions = await db
    .select({ id: faqQuestions.id })
    .from(faqQuestions)
    .orderBy(asc(faqQuestions.position));
  const policy = (number: string, issuer: string, days: number) => ({
    policy_number: number,
    policy_issuer: issuer,
    expiration_date: addDays(today, days),
  });
  for (const [index, branchId] of branchIds.entries()) {
    const main = index === 0;
    await db
      .update(branches)
      .set({
        aboutUs: main ? ABOUT_LONG : ABOUT_SHORT,
        email: main ? 'hello@demomovers.test' : 'pasadena@demomovers.test',
        website: 'https://demomovers.test',
        foundDate: main ? '2009-03-14' : '2016-08-01',
        employeesCount: main ? 24 : 9,
        credentials: {
          mtr_license: {
            mtr_license_number: `MTR-${190200 + index}`,
            issuing_city: main ? 'Los Angeles' : 'Pasadena',
            expiration_date: addDays(today, 400),
          },
          general_liability_license: policy(`GL-55${index}1`, 'Pacific Mutual Insurance', 300),
          // Expires within 30 days of the seed date: /profile shows the warning.
          cargo_insurance_license: policy(`CI-88${index}2`, 'Golden State Cargo', main ? 12 : 25),
          ...(main ? { workers_compensation_license: policy('WC-4471', 'State Fund', 200) } : {}),
          transportation_service_license: {
            mc_number: `MC-70${index}119`,
            dot_number: `DOT-31${index}557`,
            expiration_date: addDays(today, 500),
            state_lic_issuer: 'California PUC',
            state_lic_number: `CAL-T-01${index}9`,
            authority: main ? 'Both' : 'Intrastate',
          },
          uniformed_crew: 1,
          drug_test: main ? 1 : 0,
        },
      })
      .where(eq(branches.id, branchId));
    const active = new Set(services.slice(0, main ? 6 : 3).map((s) => s.id));
    await db
      .insert(branchServicesOffered)
      .values(services.map((s) => ({ branchId, serviceId: s.id, isActive: active.has(s.id) })))
      .onConflictDoNothing();
    await db
      .insert(faqAnswers)
      .values(
        questions
          .slice(0, main ? 4 : 3)
          .map((q, i) => ({ branchId, faqId: q.id, answer: ANSWERS[i] ?? ANSWERS[0]!, updatedAt: now })),
      )
      .onConflictDoNothing();
  }
}
