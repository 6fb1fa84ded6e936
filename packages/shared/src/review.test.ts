import { describe, expect, it } from 'vitest';
import { REVIEW_MSG, starAverage, ZReviewInput } from './review.ts';
import { activeReviewsText } from './text.ts';

const errors = (v: unknown) => {
  const r = ZReviewInput.safeParse(v);
  return r.success ? {} : Object.fromEntries(r.error.issues.map((i) => [String(i.path[0]), i.message]));
};

describe('review input', () => {
  it('needs a star from 1 to 5', () => {
    expect(errors({ comment: 'Great crew, on time.' })).toEqual({ star: REVIEW_MSG.starRequired });
    expect(errors({ star: 0, comment: 'Great crew, on time.' })).toEqual({ star: REVIEW_MSG.starRequired });
    expect(errors({ star: 6, comment: 'Great crew, on time.' })).toEqual({ star: REVIEW_MSG.starRequired });
    expect(errors({ star: 2.5, comment: 'Great crew, on time.' })).toEqual({ star: REVIEW_MSG.starRequired });
    expect(errors({ star: 5, comment: 'Great crew, on time.' })).toEqual({});
  });
  it('needs a trimmed comment of 10 to 1500 characters', () => {
    expect(errors({ star: 4 })).toEqual({ comment: 'Comment is required' });
    expect(errors({ star: 4, comment: '    ' })).toEqual({ comment: 'Comment is required' });
    expect(errors({ star: 4, comment: '  123456789  ' })).toEqual({
      comment: 'Comment must be more than 10 characters',
    });
    expect(errors({ star: 4, comment: '1234567890' })).toEqual({});
    expect(errors({ star: 4, comment: 'x'.repeat(1500) })).toEqual({});
    expect(errors({ star: 4, comment: 'x'.repeat(1501) })).toEqual({ comment: REVIEW_MSG.commentMax });
    expect(ZReviewInput.parse({ star: '3', comment: '  fine work here  ' })).toEqual({
      star: 3,
      comment: 'fine work here',
    });
  });
  it('averages with one decimal and counts in words', () => {
    expect(starAverage(0, 0)).toBe(0);
    expect(starAverage(14, 3)).toBe(4.7);
    expect(starAverage(9, 2)).toBe(4.5);
    expect(activeReviewsText(1)).toBe('1 active review');
    expect(activeReviewsText(0)).toBe('0 active reviews');
    expect(activeReviewsText(12)).toBe('12 active reviews');
  });
});
