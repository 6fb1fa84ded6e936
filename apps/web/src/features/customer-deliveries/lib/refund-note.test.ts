import { describe, expect, it } from 'vitest';
import { refundNote } from './refund-note.ts';

describe('refundNote', () => {
  it('says a card payment is refunded in full, pending or done', () => {
    expect(refundNote({ status: 'pending', amount: 125.95 })?.text).toBe(
      'Full refund of $125.95 on its way to your card',
    );
    expect(refundNote({ status: 'refunded', amount: 95 })?.text).toBe(
      'Full refund of $95 on its way to your card',
    );
  });

  it('says nothing was charged for cash', () => {
    expect(refundNote({ status: 'nothing_to_refund', amount: 0 })).toEqual({
      text: 'Nothing was charged',
      tone: 'none',
    });
  });

  it('has nothing to say before a cancel', () => {
    expect(refundNote(null)).toBeNull();
  });

  it('owns up to a refund that did not go through', () => {
    expect(refundNote({ status: 'failed', amount: 40 })?.tone).toBe('problem');
  });
});
