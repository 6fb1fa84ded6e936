import { describe, expect, it } from 'vitest';
import { createLoginLimiter, EMAIL_WIDE_FACTOR } from './login-limiter.ts';

function clockAt(ms: number) {
  const c = { t: ms, now: () => new Date(c.t) };
  return c;
}

const OWNER = '203.0.113.7';
const GUESSER = '198.51.100.9';
const EMAIL = 'owner@example.com';

describe('login limiter', () => {
  it('slows a guesser on the account it guesses, from its own address only', () => {
    const clock = clockAt(Date.UTC(2027, 0, 1));
    const l = createLoginLimiter(clock, 1000, 10);
    for (let i = 0; i < 10; i++) {
      expect(l.retryAfter(GUESSER, EMAIL)).toBe(0);
      l.recordAttempt(GUESSER);
      l.recordFailure(GUESSER, EMAIL);
    }
    expect(l.retryAfter(GUESSER, EMAIL)).toBeGreaterThan(0);
    expect(l.retryAfter(GUESSER, EMAIL)).toBeLessThanOrEqual(15 * 60);
    // The owner, from another address, is not locked out.
    expect(l.retryAfter(OWNER, EMAIL)).toBe(0);
    // The guesser may still try other accounts (the per-address budget bounds that).
    expect(l.retryAfter(GUESSER, 'other@example.com')).toBe(0);
    // 15 minutes later the pair is free again.
    clock.t += 15 * 60_000 + 1;
    expect(l.retryAfter(GUESSER, EMAIL)).toBe(0);
  });

  it('bounds a guesser spread over many addresses, but never the owner’s known address', () => {
    const clock = clockAt(Date.UTC(2027, 0, 1));
    const l = createLoginLimiter(clock, 1000, 10);
    l.recordSuccess(OWNER, EMAIL);
    for (let i = 0; i < 10 * EMAIL_WIDE_FACTOR; i++) l.recordFailure(`10.0.${i >> 8}.${i & 255}`, EMAIL);
    expect(l.retryAfter('192.0.2.1', EMAIL)).toBeGreaterThan(0);
    expect(l.retryAfter(OWNER, EMAIL)).toBe(0);
  });

  it('a success clears that pair’s failures', () => {
    const clock = clockAt(Date.UTC(2027, 0, 1));
    const l = createLoginLimiter(clock, 1000, 3);
    for (let i = 0; i < 2; i++) l.recordFailure(OWNER, EMAIL);
    l.recordSuccess(OWNER, EMAIL);
    for (let i = 0; i < 2; i++) l.recordFailure(OWNER, EMAIL);
    expect(l.retryAfter(OWNER, EMAIL)).toBe(0);
    l.recordFailure(OWNER, EMAIL);
    expect(l.retryAfter(OWNER, EMAIL)).toBeGreaterThan(0);
  });

  it('limits attempts per address per minute', () => {
    const clock = clockAt(Date.UTC(2027, 0, 1));
    const l = createLoginLimiter(clock, 5, 10);
    for (let i = 0; i < 5; i++) l.recordAttempt(GUESSER);
    expect(l.retryAfter(GUESSER, `a${Math.random()}@x.test`)).toBeGreaterThan(0);
    expect(l.retryAfter(OWNER, EMAIL)).toBe(0);
    clock.t += 60_001;
    expect(l.retryAfter(GUESSER, EMAIL)).toBe(0);
  });
});
