import { describe, expect, it } from 'vitest';
import { BRANCH_NAME_CUT, branchNameMaxFor, CARD_ADDRESS_MAX, cutText } from './text.ts';

describe('text truncation', () => {
  it('keeps short text and cuts long text with ...', () => {
    expect(cutText('Pasadena', 10)).toBe('Pasadena');
    expect(cutText('0123456789', 10)).toBe('0123456789');
    expect(cutText('0123456789A', 10)).toBe('0123456789...');
    // A cut that ends in a space does not leave "word ...".
    expect(cutText('Demo Movers Pasadena', 12)).toBe('Demo Movers...');
    expect(cutText('  padded  ', 10)).toBe('padded');
  });

  it('card addresses are cut at 59 characters', () => {
    const long = 'x'.repeat(70);
    expect(CARD_ADDRESS_MAX).toBe(59);
    expect(cutText(long, CARD_ADDRESS_MAX)).toBe(`${'x'.repeat(59)}...`);
    expect(cutText('x'.repeat(59), CARD_ADDRESS_MAX)).toBe('x'.repeat(59));
  });

  it('branch names: 8 on phones, 10 by default, 12 on wide screens (spec 10/8/12)', () => {
    expect(BRANCH_NAME_CUT).toEqual({ base: 10, phone: 8, wide: 12 });
    expect(branchNameMaxFor(340)).toBe(8);
    expect(branchNameMaxFor(539)).toBe(8);
    expect(branchNameMaxFor(540)).toBe(10);
    expect(branchNameMaxFor(1279)).toBe(10);
    expect(branchNameMaxFor(1280)).toBe(12);
  });
});
