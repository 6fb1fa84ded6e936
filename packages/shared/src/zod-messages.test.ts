import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { MSG } from './messages.ts';
import { REASON_MSG, ZReason } from './order.ts';
import { missingOr, requiredOnly } from './parse.ts';
import { REVIEW_INVITE_MSG, ZReviewInvite } from './review-page.ts';
import { ourZodMessage } from './zod-messages.ts';

const first = (schema: z.ZodType, value: unknown) =>
  schema.safeParse(value, { error: ourZodMessage }).error?.issues[0]?.message;

describe('our words for checks a schema leaves silent', () => {
  it('names the limit, never zod\'s "Too big" or "Too small"', () => {
    expect(first(z.string().max(64), 'a'.repeat(65))).toBe('Must be at most 64 characters');
    expect(first(z.string().min(1), '')).toBe(MSG.fieldRequired);
    expect(first(z.string().min(5), 'abc')).toBe('Must be at least 5 characters');
    expect(first(z.array(z.number()).max(200), Array(201).fill(1))).toBe('Must have at most 200 items');
    expect(first(z.array(z.number()).min(1), [])).toBe('Choose at least one');
    expect(first(z.number().max(10), 11)).toBe('Must be at most 10');
    expect(first(z.number().min(1), 0)).toBe('Must be at least 1');
  });
  it('says required only for what is missing, and the kind of value otherwise', () => {
    expect(first(z.string(), undefined)).toBe(MSG.fieldRequired);
    expect(first(z.string(), 12)).toBe('Must be text');
    expect(first(z.array(z.string()), 'x')).toBe('Must be a list');
    expect(first(z.object({}), 'x')).toBe('Must be a group of fields');
    expect(first(z.enum(['cash', 'electronic']), 'not-a-choice')).toBe('Choose one of: cash, electronic');
    expect(first(z.email(), 'nope')).toBe(MSG.invalidEmail);
  });
  it('a schema\'s "... is required" is not said of a value that was sent', () => {
    const name = z.string(requiredOnly('Name is required')).trim().min(1, 'Name is required').max(5);
    expect(first(name, undefined)).toBe('Name is required');
    expect(first(name, '  ')).toBe('Name is required');
    expect(first(name, 'abcdef')).toBe('Must be at most 5 characters');
    const choice = z.enum(['a', 'b'], { error: missingOr('Required', 'Choose a or b') });
    expect(first(choice, null)).toBe('Required');
    expect(first(choice, 'c')).toBe('Choose a or b');
  });
  it("the spec's words where it has them", () => {
    const invite = ZReviewInvite.safeParse({ branch_id: 1, emails: Array(101).fill('a@x.test') });
    expect(invite.error?.issues[0]?.message).toBe(REVIEW_INVITE_MSG.limit);
    expect(REVIEW_INVITE_MSG.limit).toBe('You reached the limit of 100 invites');
    expect(ZReason.safeParse('x'.repeat(1001)).error?.issues[0]?.message).toBe(REASON_MSG.max);
  });
});
