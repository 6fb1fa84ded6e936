import { describe, expect, it } from 'vitest';
import { cutTitle } from './notifications.ts';

describe('notification titles are cut at 28 characters', () => {
  it('keeps short titles and cuts long ones', () => {
    expect(cutTitle('Short title')).toBe('Short title');
    expect(cutTitle('x'.repeat(28))).toBe('x'.repeat(28));
    expect(cutTitle('Your order #1024 was accepted by Demo Movers')).toBe('Your order #1024 was accepte...');
  });
});
