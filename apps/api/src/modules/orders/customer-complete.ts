import { TIP_MSG } from '@haulpro/shared/payouts';
import type { TAuth, TClock } from '../../context.ts';
import { conflict, invalid } from '../../domain/errors.ts';
import { toCents } from '../../domain/money.ts';
import { type TOrderAction, type TViewer, transition } from '../../domain/order-machine.ts';
import type { TOrderMoveDayPort } from './order-notices.ts';
import type { TOrderStep, TOrderWriter } from './order-transition.ts';
import { orderState, type TOrderRow } from './order-view.ts';

type TAct<V> = (
  auth: TAuth,
  id: number,
  party: TViewer,
  action: TOrderAction,
  opts?: Pick<TOrderStep, 'reason' | 'patch' | 'after' | 'tipByCheckout'>,
) => Promise<V>;

/**
 * The customer confirms the job is done, with an optional tip (issue 27): at most the order's
 * price; a card order's tip is charged to the card saved at booking before the step (one key per
 * order, so concurrent confirmations charge once) and recorded with it, or, when the booking saved
 * no card, paid through its own Checkout after the step; a cash order's tip is recorded as paid in
 * cash. The confirmation then becomes the ledger's row and its transfer.
 */
export function createCustomerComplete<V>(c: {
  clock: TClock;
  writer: TOrderWriter;
  visible: (auth: TAuth, id: number, party: TViewer) => Promise<TOrderRow>;
  act: TAct<V>;
  moveDay: TOrderMoveDayPort | undefined;
  view: (auth: TAuth, id: number) => Promise<V>;
}) {
  return async (
    auth: TAuth,
    id: number,
    tipDollars = 0,
  ): Promise<{ view: V; tipCheckoutUrl: string | null }> => {
    // A move day's finished job is confirmed through its final bill (decision 030), which checks
    // the caller itself.
    if (c.moveDay && (await c.moveDay.jobState(id)) === 'finished') {
      const r = await c.moveDay.confirm(auth, id, tipDollars);
      return { view: await c.view(auth, id), tipCheckoutUrl: r.tipCheckoutUrl };
    }
    const tip = toCents(tipDollars);
    // Without a tip nothing is charged before the step: the step's locked read decides who may
    // confirm (404) and whether the machine allows it (409), as it does for every other step.
    if (tip === 0)
      return {
        view: await c.act(auth, id, 'customer', 'complete', { patch: { tip: 0 } }),
        tipCheckoutUrl: null,
      };
    const o = await c.visible(auth, id, 'customer');
    if (tip > o.orderPrice) throw invalid({ tip: [TIP_MSG.tooMuch] });
    // Never charge a tip for a confirmation the machine refuses.
    const check = transition(orderState(o), 'customer', 'complete', c.clock.now());
    if (!check.ok) throw conflict(check.message);
    const ref = await c.writer.money.chargeTip(o, tip);
    if (ref === 'checkout') {
      // No saved card: the confirmation stands, the tip gets its own small Checkout.
      const view = await c.act(auth, id, 'customer', 'complete', { patch: { tip: 0 }, tipByCheckout: true });
      return { view, tipCheckoutUrl: await c.writer.money.openTipCheckout(o, tip, auth.user.email) };
    }
    const view = await c.act(auth, id, 'customer', 'complete', {
      patch: { tip },
      after: ref ? (tx, row) => c.writer.money.recordTip(tx, row, tip, ref, c.clock.now()) : undefined,
    });
    return { view, tipCheckoutUrl: null };
  };
}

/** While the crew's clock runs, the job is finished on its job page (Finish work), not by Complete. */
export const CLOCK_RUNNING =
  'This job is under way on the crew’s phone: finish it with Finish work on its job page.';

/** The company's Complete: refused while a move day's clock runs (decision 030). */
export function createCompanyComplete<V>(c: { act: TAct<V>; moveDay: TOrderMoveDayPort | undefined }) {
  return async (auth: TAuth, id: number): Promise<V> => {
    if (c.moveDay && (await c.moveDay.jobState(id)) === 'running') throw conflict(CLOCK_RUNNING);
    return c.act(auth, id, 'company', 'complete');
  };
}
