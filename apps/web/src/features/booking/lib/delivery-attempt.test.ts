import { describe, expect, it } from 'vitest';
import { bodyFingerprint } from './delivery-attempt.ts';

describe('bodyFingerprint', () => {
  it('is the same for the same body and differs when one character or the length changes', () => {
    const body = JSON.stringify({ items: [{ name: 'Sofa', count: 1 }], tip: 10 });
    expect(bodyFingerprint(body)).toBe(bodyFingerprint(`${body}`));
    expect(bodyFingerprint(body)).not.toBe(bodyFingerprint(body.replace('10', '15')));
    expect(bodyFingerprint(body)).not.toBe(bodyFingerprint(`${body} `));
    expect(bodyFingerprint('')).toBe('0:811c9dc5');
  });
});
