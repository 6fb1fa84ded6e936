import {
  PROFILE_MSG,
  type TBranchInfoSection,
  type TFaqItem,
  type TIntroductionSection,
  type TProfileSection,
  type TSectionUpdate,
} from '@haulpro/shared/company-profile';
import { DEFAULT_BRANCH_TIME_ZONE } from '@haulpro/shared/constants';
import {
  isBackgroundChecked,
  publicCredentials,
  readCredentials,
  type TCredentialsSection,
  type TPublicCredentials,
} from '@haulpro/shared/credentials';
import type { TAuth, TDeps } from '../../context.ts';
import type { TDb } from '../../db/client.ts';
import { todayIn } from '../../domain/availability.ts';
import { invalid, notFound } from '../../domain/errors.ts';
import { readUpload } from '../../storage/image-upload.ts';
import type { TBranchesService } from '../branches/branches.service.ts';
import { staffCompanyId } from '../company-scope.ts';
import {
  branchFaqs,
  branchServiceStates,
  existingServiceIds,
  findBranchProfileColumns,
  findCompanyAnswer,
  findProfileBranch,
  questionExists,
  questionText,
  saveServiceStates,
  updateAnswer,
  upsertAnswer,
} from './company-profile.repository.ts';

type TProfileRow = NonNullable<Awaited<ReturnType<typeof findProfileBranch>>>;

function branchInfoView({ b, companyName }: TProfileRow): TBranchInfoSection {
  return {
    id: b.id,
    name: b.name,
    slug: b.slug,
    address: b.address,
    primary_phone: b.primaryPhone,
    employees_count: b.employeesCount,
    company_name: companyName,
    email: b.email,
    website: b.website,
    found_date: b.foundDate,
    logo: b.logo,
  };
}

async function introductionView(db: TDb, branchId: number): Promise<TIntroductionSection> {
  const [columns, services, faqs] = await Promise.all([
    findBranchProfileColumns(db, branchId),
    branchServiceStates(db, branchId),
    branchFaqs(db, branchId),
  ]);
  return { about_us: columns?.aboutUs ?? null, services, faqs };
}

/**
 * The company profile (/profile): Branch info, Introduction (about, services, FAQ answers) and
 * Credentials of a branch of the caller's company (another company's branch is a 404).
 */
/** What the profile asks of the branches module, which owns the branch row it edits. */
type TBranchWrites = Pick<
  TBranchesService,
  'updateInfo' | 'setLogo' | 'setAbout' | 'setCredential' | 'removeCredential'
>;

export function createCompanyProfileService({ db, storage, clock }: TDeps, branches: TBranchWrites) {
  async function ownBranch(auth: TAuth, branchId: number): Promise<TProfileRow> {
    const row = await findProfileBranch(db, staffCompanyId(auth), branchId);
    if (!row) throw notFound();
    return row;
  }

  async function reload(auth: TAuth, branchId: number) {
    return branchInfoView(await ownBranch(auth, branchId));
  }

  async function faqItem(answer: { id: number; faqId: number; answer: string }): Promise<TFaqItem> {
    return {
      id: answer.id,
      faq_id: answer.faqId,
      question: await questionText(db, answer.faqId),
      answer: answer.answer,
    };
  }

  return {
    /** GET branches/{id}?section= */
    async section(auth: TAuth, branchId: number, section: TProfileSection) {
      const row = await ownBranch(auth, branchId);
      if (section === 'branch_info') return branchInfoView(row);
      if (section === 'introduction') return introductionView(db, branchId);
      return readCredentials(row.b.credentials);
    },

    /** PUT branches/{id}: one section; answers the section as it is now and the success message. */
    async update(
      auth: TAuth,
      branchId: number,
      input: TSectionUpdate,
    ): Promise<{ data: TBranchInfoSection | TIntroductionSection | TCredentialsSection; message: string }> {
      const row = await ownBranch(auth, branchId);
      switch (input.section) {
        case 'branch_info':
          await branches.updateInfo(row.b, {
            name: input.name,
            address: input.address,
            primaryPhone: input.primary_phone,
            employeesCount: input.employees_count,
          });
          return { data: await reload(auth, branchId), message: PROFILE_MSG.branchInfoSaved };
        case 'logo': {
          const file = await readUpload(input.logo);
          if (!file.ok) throw invalid({ logo: [file.message] });
          const path = await storage.save('logos', file.bytes, file.ext);
          await branches.setLogo(branchId, path);
          if (row.b.logo && row.b.logo !== path) await storage.remove(row.b.logo);
          return { data: await reload(auth, branchId), message: PROFILE_MSG.logoSaved };
        }
        case 'about':
          // Stored as typed: plain text, shown as text (React escapes it), never as HTML.
          await branches.setAbout(branchId, input.about_us);
          return { data: await introductionView(db, branchId), message: PROFILE_MSG.aboutSaved };
        case 'services': {
          const ids = [...new Set(input.selected_services.map((s) => s.id))];
          const known = await existingServiceIds(db, ids);
          const unknown = input.selected_services.findIndex((s) => !known.has(s.id));
          if (unknown >= 0) {
            throw invalid({ [`new_data.selected_services.${unknown}.id`]: [PROFILE_MSG.serviceUnknown] });
          }
          // The last entry for an id wins.
          const last = new Map(input.selected_services.map((s) => [s.id, s.is_active]));
          await saveServiceStates(
            db,
            branchId,
            [...last].map(([id, is_active]) => ({ id, is_active })),
          );
          return { data: await introductionView(db, branchId), message: PROFILE_MSG.servicesSaved };
        }
        case 'licence':
          if (input.data === null) await branches.removeCredential(branchId, input.data_name);
          else await branches.setCredential(branchId, input.data_name, input.data);
          return { data: await credentialsOf(db, branchId), message: PROFILE_MSG.credentialsSaved };
        case 'flag':
          await branches.setCredential(branchId, input.data_name, input.data);
          return { data: await credentialsOf(db, branchId), message: PROFILE_MSG.credentialsSaved };
      }
    },

    /** POST faqs: a new answer; a second one for the same question updates it. */
    async saveAnswer(auth: TAuth, input: { branch_id: number; faq_id: number; answer: string }) {
      await ownBranch(auth, input.branch_id);
      if (!(await questionExists(db, input.faq_id))) throw invalid({ faq_id: [PROFILE_MSG.questionUnknown] });
      return faqItem(await upsertAnswer(db, input.branch_id, input.faq_id, input.answer, clock.now()));
    },

    /** PUT faqs/{id}: updates an answer of the caller's company. */
    async updateAnswer(auth: TAuth, answerId: number, input: { faq_id: number; answer: string }) {
      const found = await findCompanyAnswer(db, staffCompanyId(auth), answerId);
      if (!found) throw notFound();
      if (found.faqId !== input.faq_id) throw invalid({ faq_id: [PROFILE_MSG.questionMismatch] });
      return faqItem(await updateAnswer(db, answerId, input.answer, clock.now()));
    },
  };
}

export type TCompanyProfileService = ReturnType<typeof createCompanyProfileService>;

async function credentialsOf(db: TDb, branchId: number): Promise<TCredentialsSection> {
  return readCredentials((await findBranchProfileColumns(db, branchId))?.credentials);
}

/* ---------- Reads for the public company page (modules/booking/public-branch) ---------- */

export type TBranchIntroduction = {
  about_us: string | null;
  /** The services the branch has turned on, in catalogue order. */
  services: { id: number; service: string }[];
  /** The questions the branch has answered, in catalogue order. */
  faqs: { id: number; faq_id: number; question: string; answer: string }[];
};

/** A branch's about text, active services and answered FAQ (no ownership check: public data). */
export async function branchIntroduction(db: TDb, branchId: number): Promise<TBranchIntroduction> {
  const intro = await introductionView(db, branchId);
  return {
    about_us: intro.about_us,
    services: intro.services.filter((s) => s.is_active).map(({ id, service }) => ({ id, service })),
    faqs: intro.faqs.flatMap((f) =>
      f.id !== null && f.answer !== null
        ? [{ id: f.id, faq_id: f.faq_id, question: f.question, answer: f.answer }]
        : [],
    ),
  };
}

/** A branch's saved credentials (every licence field, numbers included): for rules, not for display. */
export function branchCredentials(db: TDb, branchId: number): Promise<TCredentialsSection> {
  return credentialsOf(db, branchId);
}

/**
 * A branch's credentials as customers may see them (issuers, dates, authority, flags; no licence
 * numbers) and whether it is background checked, both as of the branch's today.
 */
export async function branchCredentialsPublic(
  db: TDb,
  branchId: number,
  now: Date,
): Promise<{ credentials: TPublicCredentials; is_checked: boolean; today: string }> {
  const columns = await findBranchProfileColumns(db, branchId);
  const saved = readCredentials(columns?.credentials);
  const today = todayIn(columns?.timeZone ?? DEFAULT_BRANCH_TIME_ZONE, now);
  return {
    credentials: publicCredentials(saved, today),
    is_checked: isBackgroundChecked(saved, today),
    today,
  };
}

/** The background-checked rule (decision 018), re-exported for the public page. */
export { isBackgroundChecked } from '@haulpro/shared/credentials';
