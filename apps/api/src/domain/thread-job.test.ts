import { TALK_MSG, THREAD_OPEN_DAYS_AFTER_CLOSE } from '@haulpro/shared/talk';
import { describe, expect, it } from 'vitest';
import { postRule, shortName, sideOf, type TThreadCaller, type TThreadJob, threadRef } from './thread-job.ts';

const job = (over: Partial<TThreadJob> = {}): TThreadJob => ({
  kind: 'order',
  id: 12,
  customerId: 1,
  customerName: 'Cora C.',
  providerName: 'Covering LA',
  providerCompanyId: 7,
  providerUserId: null,
  opened: true,
  accepted: true,
  closedAt: null,
  since: null,
  ...over,
});

const callers: Record<string, TThreadCaller> = {
  owner: { userId: 1, role: 'customer', companyId: null },
  otherCustomer: { userId: 2, role: 'customer', companyId: null },
  staff: { userId: 3, role: 'staff', companyId: 7 },
  otherStaff: { userId: 4, role: 'staff', companyId: 8 },
  labor: { userId: 5, role: 'labor', companyId: null },
  otherLabor: { userId: 6, role: 'labor', companyId: null },
  admin: { userId: 9, role: 'admin', companyId: null },
  // A customer id that matches the acceptor's, on the wrong path: the path decides the side.
  laborAsCustomer: { userId: 1, role: 'labor', companyId: null },
};

describe('sideOf: who is a party on which path', () => {
  const company = job();
  const helper = job({ kind: 'delivery', providerCompanyId: null, providerUserId: 5 });
  const unaccepted = job({ kind: 'delivery', providerCompanyId: null, providerUserId: null, opened: false });
  const cases: [string, TThreadJob, 'customer' | 'provider', string | null][] = [];
  for (const [name, j] of [
    ['company job', company],
    ['helper job', helper],
    ['unaccepted delivery', unaccepted],
  ] as const) {
    for (const [who] of Object.entries(callers)) {
      cases.push([
        `${name}: ${who} on the customer path`,
        j,
        'customer',
        who === 'owner' ? 'customer' : null,
      ]);
      const provider =
        (name === 'company job' && who === 'staff') || (name === 'helper job' && who === 'labor')
          ? 'provider'
          : null;
      cases.push([`${name}: ${who} on the provider path`, j, 'provider', provider]);
    }
  }
  it.each(cases)('%s', (_name, j, path, expected) => {
    const who = _name.split(': ')[1]!.split(' on ')[0]!;
    expect(sideOf(j, callers[who]!, path)).toBe(expected);
  });
  it('a staff member without a company is nobody’s provider', () => {
    expect(
      sideOf(job({ providerCompanyId: null }), { userId: 3, role: 'staff', companyId: null }, 'provider'),
    ).toBeNull();
  });
});

describe('postRule', () => {
  const closed = new Date('2026-11-01T00:00:00Z');
  const later = (days: number) => new Date(closed.getTime() + days * 86_400_000);
  it('refuses a thread that has not opened', () => {
    expect(postRule(job({ opened: false }), closed)).toEqual({ canPost: false, reason: TALK_MSG.notOpen });
  });
  it('takes messages while the job runs, and for 30 days after it closed', () => {
    expect(postRule(job(), closed)).toEqual({ canPost: true, reason: null });
    expect(postRule(job({ closedAt: closed }), later(THREAD_OPEN_DAYS_AFTER_CLOSE - 0.001))).toEqual({
      canPost: true,
      reason: null,
    });
    expect(postRule(job({ closedAt: closed }), later(THREAD_OPEN_DAYS_AFTER_CLOSE))).toEqual({
      canPost: false,
      reason: TALK_MSG.closed,
    });
  });
});

describe('names and keys', () => {
  it('shows a person as first name and last initial', () => {
    expect(shortName('Cora', 'customer')).toBe('Cora C.');
    expect(shortName(' Lee ', '')).toBe('Lee');
  });
  it('keys a thread by its job', () => {
    expect(threadRef({ kind: 'order', id: 12 })).toBe('order:12');
    expect(threadRef({ kind: 'delivery', id: 7 })).toBe('delivery:7');
  });
});
