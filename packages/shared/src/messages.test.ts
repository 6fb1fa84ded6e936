import { describe, expect, it } from 'vitest';
import { MSG, tooManyLoginsMessage } from './messages.ts';

describe('the sign-in lockout says how long to wait', () => {
  it('in whole minutes, rounded up, matching Retry-After', () => {
    expect(tooManyLoginsMessage(1)).toBe(MSG.tooManyLogins);
    expect(tooManyLoginsMessage(60)).toBe('Too many sign-in attempts. Please wait a minute and try again.');
    expect(tooManyLoginsMessage(61)).toBe('Too many sign-in attempts. Please wait 2 minutes and try again.');
    expect(tooManyLoginsMessage(900)).toBe(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
    expect(tooManyLoginsMessage(899)).toBe(
      'Too many sign-in attempts. Please wait 15 minutes and try again.',
    );
  });
});
