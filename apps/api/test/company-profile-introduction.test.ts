import { PROFILE_MSG, type TIntroductionSection } from '@haulpro/shared/company-profile';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createBranchAtZip, createCompany, createUser } from '../src/db/seed/factories.ts';
import { branchIntroduction } from '../src/modules/company-profile/company-profile.service.ts';
import { call } from './helpers/http.ts';
import { tokenFor } from './helpers/sessions.ts';
import { createTestApp, type TTestApp } from './helpers/test-app.ts';

/*
 * Company profile, Introduction: about (20-1000 characters, the spec's three messages), the
 * offered services toggled one by one, and FAQ answers (POST faqs saves, PUT faqs/{id} updates).
 */

let t: TTestApp;
let token: string;
let otherToken: string;
let customerToken: string;
let laborToken: string;
let branchId: number;
let otherBranchId: number;

type TFaq = { id: number; faq_id: number; question: string; answer: string };

const intro = (id = branchId, tok = token) =>
  call<{ data: TIntroductionSection }>(t.app, 'GET', `/api/dashboard/branches/${id}?section=introduction`, {
    token: tok,
  });
const put = (new_data: unknown, id = branchId, tok = token) =>
  call<{ data: TIntroductionSection }>(t.app, 'PUT', `/api/dashboard/branches/${id}`, {
    token: tok,
    body: { new_data },
  });
const postFaq = (body: unknown, tok = token) =>
  call<{ data: TFaq }>(t.app, 'POST', '/api/dashboard/faqs', { token: tok, body });
const putFaq = (id: number, body: unknown, tok = token) =>
  call<{ data: TFaq }>(t.app, 'PUT', `/api/dashboard/faqs/${id}`, { token: tok, body });

const ABOUT = 'We are a family-run moving company serving Los Angeles since 2011.';

beforeAll(async () => {
  t = await createTestApp();
  const company = await createCompany(t.deps.db, { name: 'Intro Movers' });
  branchId = (await createBranchAtZip(t.deps.db, '90001', { companyId: company.id, isMain: true })).id;
  token = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: company.id })).id,
  );
  const other = await createCompany(t.deps.db, { name: 'Other Intro Movers' });
  otherBranchId = (await createBranchAtZip(t.deps.db, '94105', { companyId: other.id, isMain: true })).id;
  otherToken = await tokenFor(
    t.deps.db,
    (await createUser(t.deps.db, { role: 'staff', companyId: other.id })).id,
  );
  customerToken = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'customer' })).id);
  laborToken = await tokenFor(t.deps.db, (await createUser(t.deps.db, { role: 'labor' })).id);
});
afterAll(() => t.close());

describe('introduction section', () => {
  it('starts empty: no about, the whole catalogue inactive, every question unanswered', async () => {
    const r = await intro();
    expect(r.status).toBe(200);
    expect(r.body.data.about_us).toBeNull();
    expect(r.body.data.services.length).toBe(10);
    expect(r.body.data.services.every((s) => s.is_active === false)).toBe(true);
    expect(r.body.data.services[0]).toEqual({
      id: expect.any(Number),
      service: 'Loading and unloading',
      is_active: false,
    });
    expect(r.body.data.faqs.length).toBe(6);
    expect(r.body.data.faqs[0]).toEqual({
      id: null,
      faq_id: expect.any(Number),
      question: 'What should I do to prepare for my move?',
      answer: null,
    });
  });

  it('is refused to customers and labor (403) and for another company (404)', async () => {
    for (const tok of [customerToken, laborToken]) {
      expect((await intro(branchId, tok)).status).toBe(403);
      expect((await put({ about_us: ABOUT }, branchId, tok)).status).toBe(403);
      expect(
        (await postFaq({ branch_id: branchId, faq_id: 1, answer: 'Long enough answer' }, tok)).status,
      ).toBe(403);
    }
    expect((await intro(otherBranchId)).status).toBe(404);
    expect((await put({ about_us: ABOUT }, otherBranchId)).status).toBe(404);
    expect((await intro(branchId, otherToken)).status).toBe(404);
  });
});

describe('about', () => {
  it('saves the about text (trimmed) and answers the section', async () => {
    const r = await put({ about_us: `  ${ABOUT}  ` });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(PROFILE_MSG.aboutSaved);
    expect(r.body.data.about_us).toBe(ABOUT);
    expect((await intro()).body.data.about_us).toBe(ABOUT);
  });

  it('gives the three spec messages: required, at least 20, at most 1000', async () => {
    const cases: [unknown, string][] = [
      ['', 'About field is required'],
      ['    ', 'About field is required'],
      [null, 'About field is required'],
      ['x'.repeat(19), 'About text should contain at least 20 characters'],
      ['x'.repeat(1001), 'Sorry you are exceeding the limit'],
    ];
    for (const [about_us, message] of cases) {
      const r = await put({ about_us });
      expect(r.status, String(about_us).slice(0, 20)).toBe(422);
      expect(r.body.errors).toEqual({ 'new_data.about_us': [message] });
    }
    const empty = await put({});
    expect(empty.body.errors).toEqual({ 'new_data.about_us': ['About field is required'] });
    // The bounds themselves pass.
    expect((await put({ about_us: 'x'.repeat(20) })).status).toBe(200);
    expect((await put({ about_us: 'x'.repeat(1000) })).status).toBe(200);
    expect((await intro()).body.data.about_us).toBe('x'.repeat(1000));
  });

  it('keeps a script tag as plain text, exactly as typed', async () => {
    const about = 'We move pianos. <script>alert("x")</script> And more, safely.';
    const r = await put({ about_us: about });
    expect(r.status).toBe(200);
    expect((await intro()).body.data.about_us).toBe(about);
    expect((await branchIntroduction(t.deps.db, branchId)).about_us).toBe(about);
  });

  it('refuses both parts in one request and unknown keys', async () => {
    const both = await put({ about_us: ABOUT, selected_services: [] });
    expect(both.status).toBe(422);
    expect(both.body.errors).toEqual({ new_data: [PROFILE_MSG.introductionOne] });
    expect((await put({ about_us: ABOUT, extra: 1 })).status).toBe(422);
  });
});

describe('services', () => {
  it('toggles services on and off; the others keep their state', async () => {
    const all = (await intro()).body.data.services;
    const [a, b, c] = all;
    const on = await put({
      selected_services: [
        { id: a!.id, is_active: true },
        { id: b!.id, is_active: 1 },
      ],
    });
    expect(on.status).toBe(200);
    expect(on.body.message).toBe(PROFILE_MSG.servicesSaved);
    const state = (list: TIntroductionSection['services']) =>
      Object.fromEntries(list.map((s) => [s.id, s.is_active]));
    expect(state(on.body.data.services)).toMatchObject({ [a!.id]: true, [b!.id]: true, [c!.id]: false });
    const off = await put({ selected_services: [{ id: a!.id, is_active: false }] });
    expect(state(off.body.data.services)).toMatchObject({ [a!.id]: false, [b!.id]: true, [c!.id]: false });
    expect((await branchIntroduction(t.deps.db, branchId)).services).toEqual([
      { id: b!.id, service: b!.service },
    ]);
  });

  it('refuses an unknown service id and bad flags with 422, saving nothing', async () => {
    const before = (await intro()).body.data.services;
    const [a] = before;
    const unknown = await put({
      selected_services: [
        { id: a!.id, is_active: true },
        { id: 99999, is_active: true },
      ],
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ 'new_data.selected_services.1.id': [PROFILE_MSG.serviceUnknown] });
    expect((await intro()).body.data.services).toEqual(before);
    for (const item of [{ id: a!.id, is_active: 'yes' }, { id: '0x1', is_active: true }, { id: a!.id }]) {
      expect((await put({ selected_services: [item] })).status).toBe(422);
    }
  });
});

describe('FAQ answers', () => {
  it('saves an answer, then a second POST for the same question updates it (one row)', async () => {
    const [q] = (await intro()).body.data.faqs;
    const first = await postFaq({
      branch_id: branchId,
      faq_id: q!.faq_id,
      answer: 'Pack a bag with essentials.',
    });
    expect(first.status).toBe(200);
    expect(first.body.message).toBe(PROFILE_MSG.answerSaved);
    expect(first.body.data).toEqual({
      id: expect.any(Number),
      faq_id: q!.faq_id,
      question: q!.question,
      answer: 'Pack a bag with essentials.',
    });
    const again = await postFaq({
      branch_id: branchId,
      faq_id: q!.faq_id,
      answer: 'Label every box, please.',
    });
    expect(again.status).toBe(200);
    expect(again.body.data.id).toBe(first.body.data.id);
    const faqs = (await intro()).body.data.faqs.filter((f) => f.faq_id === q!.faq_id);
    expect(faqs).toEqual([
      {
        id: first.body.data.id,
        faq_id: q!.faq_id,
        question: q!.question,
        answer: 'Label every box, please.',
      },
    ]);
  });

  it('updates an answer with PUT faqs/{id}', async () => {
    const q = (await intro()).body.data.faqs[1]!;
    const saved = await postFaq({
      branch_id: branchId,
      faq_id: q.faq_id,
      answer: 'Blankets and floor runners.',
    });
    const r = await putFaq(saved.body.data.id, {
      faq_id: q.faq_id,
      answer: 'Blankets, runners and shrink wrap.',
    });
    expect(r.status).toBe(200);
    expect(r.body.message).toBe(PROFILE_MSG.answerUpdated);
    expect(r.body.data.answer).toBe('Blankets, runners and shrink wrap.');
    const answered = (await branchIntroduction(t.deps.db, branchId)).faqs;
    expect(answered.map((f) => f.question)).toContain(q.question);
    // Another question's id on this answer is refused.
    const mismatch = await putFaq(saved.body.data.id, { faq_id: q.faq_id + 1, answer: 'Long enough answer' });
    expect(mismatch.status).toBe(422);
    expect(mismatch.body.errors).toEqual({ faq_id: [PROFILE_MSG.questionMismatch] });
  });

  it('refuses a 9-character answer, a blank one and an unknown question', async () => {
    const q = (await intro()).body.data.faqs[2]!;
    const nine = await postFaq({ branch_id: branchId, faq_id: q.faq_id, answer: '123456789' });
    expect(nine.status).toBe(422);
    expect(nine.body.errors).toEqual({ answer: ['Answer should contain at least 10 characters'] });
    const blank = await postFaq({ branch_id: branchId, faq_id: q.faq_id, answer: '   ' });
    expect(blank.body.errors).toEqual({ answer: ['Answer field is required'] });
    const ten = await postFaq({ branch_id: branchId, faq_id: q.faq_id, answer: '1234567890' });
    expect(ten.status).toBe(200);
    const putNine = await putFaq(ten.body.data.id, { faq_id: q.faq_id, answer: '123456789' });
    expect(putNine.body.errors).toEqual({ answer: ['Answer should contain at least 10 characters'] });
    const unknown = await postFaq({ branch_id: branchId, faq_id: 99999, answer: 'Long enough answer' });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ faq_id: [PROFILE_MSG.questionUnknown] });
  });

  it("answers 404 for another company's branch or answer", async () => {
    const q = (await intro()).body.data.faqs[3]!;
    expect(
      (await postFaq({ branch_id: otherBranchId, faq_id: q.faq_id, answer: 'Long enough answer' })).status,
    ).toBe(404);
    const mine = await postFaq({ branch_id: branchId, faq_id: q.faq_id, answer: 'Long enough answer' });
    const r = await putFaq(mine.body.data.id, { faq_id: q.faq_id, answer: 'Taken over answer' }, otherToken);
    expect(r.status).toBe(404);
    expect((await putFaq(999999, { faq_id: q.faq_id, answer: 'Long enough answer' })).status).toBe(404);
    const faqs = (await intro()).body.data.faqs;
    expect(faqs.find((f) => f.faq_id === q.faq_id)?.answer).toBe('Long enough answer');
  });
});
