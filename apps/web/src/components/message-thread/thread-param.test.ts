import { MESSAGE_MAX_LENGTH, TALK_MSG } from '@haulpro/shared/talk';
import { describe, expect, it } from 'vitest';
import { isThreadOf, threadPath } from '../../lib/thread-target.ts';
import { checkDraft } from './check-draft.ts';
import { formatThreadParam, parseThreadParam } from './thread-param.ts';

describe('the thread in the address', () => {
  it('reads order:N and delivery:N, and nothing else', () => {
    expect(parseThreadParam('order:12')).toEqual({ kind: 'order', id: 12 });
    expect(parseThreadParam('delivery:7')).toEqual({ kind: 'delivery', id: 7 });
    for (const bad of [
      null,
      '',
      'order:',
      'order:0',
      'order:012',
      'order:1e3',
      'payout:3',
      'order:2147483648',
      ' order:1',
    ]) {
      expect(parseThreadParam(bad), String(bad)).toBeNull();
    }
    expect(parseThreadParam(formatThreadParam({ kind: 'delivery', id: 2147483647 }))).toEqual({
      kind: 'delivery',
      id: 2147483647,
    });
  });
});

describe('the thread calls', () => {
  it('each audience has its own address; the admin reads payouts and orders only', () => {
    expect(threadPath('customer', { kind: 'order', id: 3 })).toEqual({ path: 'customer/orders/3/messages' });
    expect(threadPath('customer', { kind: 'delivery', id: 4 })).toEqual({
      path: 'customer/deliveries/4/messages',
    });
    expect(threadPath('provider', { kind: 'order', id: 3 })).toEqual({ path: 'orders/3/messages' });
    expect(threadPath('provider', { kind: 'delivery', id: 4 })).toEqual({ path: 'deliveries/4/messages' });
    expect(threadPath('admin', { kind: 'payout', id: 5 })).toEqual({
      path: 'payouts/5/messages',
      base: '/api/admin',
    });
    expect(threadPath('admin', { kind: 'order', id: 3 })).toEqual({
      path: 'orders/3/messages',
      base: '/api/admin',
    });
    expect(threadPath('admin', { kind: 'delivery', id: 4 })).toBeNull();
    expect(threadPath('customer', { kind: 'payout', id: 5 })).toBeNull();
  });

  it('matches a live event or an unread row to its thread', () => {
    expect(isThreadOf({ kind: 'order', id: 3 }, { order_id: 3, delivery_id: null })).toBe(true);
    expect(isThreadOf({ kind: 'order', id: 3 }, { order_id: null, delivery_id: 3 })).toBe(false);
    expect(isThreadOf({ kind: 'delivery', id: 3 }, { order_id: null, delivery_id: 3 })).toBe(true);
    expect(isThreadOf({ kind: 'payout', id: 3 }, { order_id: 3, delivery_id: 3 })).toBe(false);
  });
});

describe('the draft, before sending', () => {
  it('says what the server would, in its words', () => {
    expect(checkDraft('   ', [])).toBe(TALK_MSG.body);
    expect(checkDraft('', ['data:image/png;base64,AAAA'])).toBeNull();
    expect(checkDraft('x'.repeat(MESSAGE_MAX_LENGTH), [])).toBeNull();
    expect(checkDraft('x'.repeat(MESSAGE_MAX_LENGTH + 1), [])).toBe(TALK_MSG.bodyLength);
    expect(
      checkDraft(
        'hi',
        Array.from({ length: 6 }, () => 'data:image/png;base64,AAAA'),
      ),
    ).toBe(TALK_MSG.photoCount);
  });
});
