import type { TFaqItem, TProfileService } from '@haulpro/shared/company-profile';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { TDb, TTx } from '../../db/client.ts';
import {
  branches,
  branchServicesOffered,
  companies,
  faqAnswers,
  faqQuestions,
  profileServices,
} from '../../db/schema.ts';

type TQ = TDb | TTx;

/** A live branch of the company with its company's name (the Branch info section's row). */
export function findProfileBranch(db: TQ, companyId: number, branchId: number) {
  return db
    .select({ b: branches, companyName: companies.name })
    .from(branches)
    .innerJoin(companies, eq(companies.id, branches.companyId))
    .where(and(eq(branches.id, branchId), eq(branches.companyId, companyId), isNull(branches.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}

/** The about text and the credentials json of a branch (no ownership check: callers made it). */
export function findBranchProfileColumns(db: TQ, branchId: number) {
  return db
    .select({ aboutUs: branches.aboutUs, credentials: branches.credentials, timeZone: branches.timeZone })
    .from(branches)
    .where(eq(branches.id, branchId))
    .limit(1)
    .then((r) => r[0]);
}

/** The whole service catalogue with this branch's state (inactive unless turned on). */
export function branchServiceStates(db: TQ, branchId: number): Promise<TProfileService[]> {
  return db
    .select({
      id: profileServices.id,
      service: profileServices.service,
      is_active: sql<boolean>`coalesce(${branchServicesOffered.isActive}, false)`,
    })
    .from(profileServices)
    .leftJoin(
      branchServicesOffered,
      and(
        eq(branchServicesOffered.serviceId, profileServices.id),
        eq(branchServicesOffered.branchId, branchId),
      ),
    )
    .orderBy(asc(profileServices.position), asc(profileServices.id));
}

/** Which of these catalogue ids exist. */
export function existingServiceIds(db: TQ, ids: number[]): Promise<Set<number>> {
  if (!ids.length) return Promise.resolve(new Set());
  return db
    .select({ id: profileServices.id })
    .from(profileServices)
    .where(inArray(profileServices.id, ids))
    .then((r) => new Set(r.map((x) => x.id)));
}

/** Turns services on or off for a branch (services not listed keep their state). */
export async function saveServiceStates(
  db: TQ,
  branchId: number,
  list: { id: number; is_active: boolean }[],
): Promise<void> {
  if (!list.length) return;
  await db
    .insert(branchServicesOffered)
    .values(list.map((s) => ({ branchId, serviceId: s.id, isActive: s.is_active })))
    .onConflictDoUpdate({
      target: [branchServicesOffered.branchId, branchServicesOffered.serviceId],
      set: { isActive: sql`excluded.is_active` },
    });
}

/** Every question with this branch's answer, if any, in catalogue order. */
export function branchFaqs(db: TQ, branchId: number): Promise<TFaqItem[]> {
  return db
    .select({
      id: faqAnswers.id,
      faq_id: faqQuestions.id,
      question: faqQuestions.question,
      answer: faqAnswers.answer,
    })
    .from(faqQuestions)
    .leftJoin(faqAnswers, and(eq(faqAnswers.faqId, faqQuestions.id), eq(faqAnswers.branchId, branchId)))
    .orderBy(asc(faqQuestions.position), asc(faqQuestions.id));
}

export function questionExists(db: TQ, faqId: number): Promise<boolean> {
  return db
    .select({ id: faqQuestions.id })
    .from(faqQuestions)
    .where(eq(faqQuestions.id, faqId))
    .limit(1)
    .then((r) => r.length > 0);
}

/**
 * Saves a branch's answer to a question: a second save for the same question updates the answer
 * (the unique index on branch and question makes it one row, even for two saves at once).
 */
export function upsertAnswer(db: TQ, branchId: number, faqId: number, answer: string, at: Date) {
  return db
    .insert(faqAnswers)
    .values({ branchId, faqId, answer, updatedAt: at })
    .onConflictDoUpdate({
      target: [faqAnswers.branchId, faqAnswers.faqId],
      set: { answer, updatedAt: at },
    })
    .returning({ id: faqAnswers.id, faqId: faqAnswers.faqId, answer: faqAnswers.answer })
    .then((r) => r[0]!);
}

/** An answer of a live branch of the company, or undefined. */
export function findCompanyAnswer(db: TQ, companyId: number, answerId: number) {
  return db
    .select({ id: faqAnswers.id, branchId: faqAnswers.branchId, faqId: faqAnswers.faqId })
    .from(faqAnswers)
    .innerJoin(branches, eq(branches.id, faqAnswers.branchId))
    .where(and(eq(faqAnswers.id, answerId), eq(branches.companyId, companyId), isNull(branches.deletedAt)))
    .limit(1)
    .then((r) => r[0]);
}

export function updateAnswer(db: TQ, answerId: number, answer: string, at: Date) {
  return db
    .update(faqAnswers)
    .set({ answer, updatedAt: at })
    .where(eq(faqAnswers.id, answerId))
    .returning({ id: faqAnswers.id, faqId: faqAnswers.faqId, answer: faqAnswers.answer })
    .then((r) => r[0]!);
}

export function questionText(db: TQ, faqId: number): Promise<string> {
  return db
    .select({ question: faqQuestions.question })
    .from(faqQuestions)
    .where(eq(faqQuestions.id, faqId))
    .limit(1)
    .then((r) => r[0]?.question ?? '');
}
