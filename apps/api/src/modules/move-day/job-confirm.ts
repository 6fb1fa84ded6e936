import { JOB_MSG } from '@haulpro/shared/move-day';
import { ORDER_STATUS } from '@haulpro/shared/order';
import { TIP_MSG } from '@haulpro/shared/payouts';
import type { orders } from '../../db/schema.ts';
import { AppError, conflict, invalid } from '../../domain/errors.ts';
import { toDollars } from '../../domain/money.ts';
import { workOrderMail } from '../../mail/templates.ts';
import { signedFileUrl } from '../../storage/signed-urls.ts';
import type { TUsersService } from '../users/users.service.ts';
import type { TMoveDayCtx } from './job-steps.ts';
import { billOf, clockOf, jobView, type TJobParts } from './job-view.ts';
import { addressesOf, branchNameOf, lockJob, markConfirmed } from './move-day.repository.ts';
import { workOrderPdf } from './work-order-pdf.ts';

export type TConfirmVia = 'signature' | 'customer' | 'automatic';

export type TConfirmRequest = {
  orderId: number;
  via: TConfirmVia;
  actorUserId: number | null;
  signaturePng: Buffer | null;
  tipCents: number;
  /** The crew collected a card order's positive balance in cash. */
  collectCash: boolean;
};

export type TConfirmResult = { workOrderUrl: string | null; tipCheckoutUrl: string | null };

const HOW: Record<TConfirmVia, string> = {
  signature: 'Signed by the customer on site',
  customer: 'Confirmed by the customer from their dashboard',
  automatic: 'Confirmed automatically 48 hours after the job finished',
};

type TPatch = Partial<typeof orders.$inferInsert>;

/**
 * The final bill confirmed (issue 28, decision 030): signed on the crew's phone, confirmed from
 * the customer's dashboard, or by the job runner 48 hours after Finish work. In order:
 * 1. the bill is taken from the job as it stands (the order Being Completed, not confirmed yet);
 * 2. money that leaves the platform's hands goes first, each under one key per order: a card
 *    order's positive balance is charged to the card saved at booking (`balance-order-12`) unless
 *    the crew collected it in cash; a negative one is owed back as the order's refund; the tip
 *    follows (`tip-order-12`); a declined card is a 422 and nothing is written;
 * 3. the work order PDF is made and stored;
 * 4. one transaction: the job's row is marked confirmed only while it is not (of two
 *    confirmations one wins), the order's `complete` through its one writer carries the final
 *    numbers into the ledger, the charges are recorded, and the PDF is mailed to both sides;
 * 5. after commit the refund and the transfer go out.
 */
export function createJobConfirm(
  c: TMoveDayCtx,
  users: Pick<TUsersService, 'listCompanyStaff'>,
  load: (orderId: number) => Promise<TJobParts>,
) {
  const { db, clock, storage, mailer, config } = c.deps;

  async function moneyOf(p: TJobParts, bill: ReturnType<typeof billOf>, r: TConfirmRequest) {
    const o = p.order;
    const card = o.paymentMethod === 'electronic' && !!o.paidAt;
    const patch: TPatch = { finalPrice: bill.total, balanceAmount: bill.balance };
    let balanceRef: string | null = null;
    if (!card) patch.balanceStatus = 'cash';
    else if (bill.balance < 0)
      Object.assign(patch, {
        balanceStatus: 'refund_pending',
        refundStatus: 'pending',
        refundAmount: -bill.balance,
      });
    else if (bill.balance === 0) patch.balanceStatus = 'none';
    else if (r.collectCash) patch.balanceStatus = 'cash';
    else {
      try {
        balanceRef = await c.orders.chargeBalance(o, bill.balance);
      } catch (err) {
        // The runner does not stop on a declined card: the balance stays owed on the order.
        if (!(r.via === 'automatic' && err instanceof AppError && err.code === 'validation')) throw err;
      }
      if (balanceRef) patch.balanceStatus = 'charged';
      else if (r.via === 'automatic') patch.balanceStatus = 'owed';
      else throw invalid({ balance: [JOB_MSG.noSavedCard] });
    }
    return { patch, balanceRef };
  }

  return async function confirm(r: TConfirmRequest): Promise<TConfirmResult> {
    const now = clock.now();
    const p = await load(r.orderId);
    const o = p.order;
    const clk = clockOf(p.events, now);
    if (p.job?.confirmedAt) throw conflict(JOB_MSG.alreadySigned);
    if (o.status !== ORDER_STATUS.beingCompleted || clk.state !== 'finished')
      throw conflict(JOB_MSG.notFinished);
    const bill = billOf(p, clk);
    if (r.tipCents > bill.total) throw invalid({ tip: [TIP_MSG.tooMuch] });
    const { patch, balanceRef } = await moneyOf(p, bill, r);
    const tipRef = r.tipCents > 0 ? await c.orders.chargeTip(o, r.tipCents) : null;
    const byCheckout = tipRef === 'checkout';
    patch.tip = byCheckout ? 0 : r.tipCents;

    // The work order as it will read once confirmed.
    const confirmed = { ...p, order: { ...o, ...patch } as typeof o };
    const job = { ...p.job!, confirmedAt: now, confirmedBy: r.via, signedAt: r.signaturePng ? now : null };
    const view = jobView({ ...confirmed, job }, 'company', now);
    const branchName = await branchNameOf(db, o.branchId);
    const pdf = await workOrderPdf({
      job: view,
      orderId: o.id,
      branchName,
      customerName: o.name,
      customerPhone: o.phone,
      addresses: (await addressesOf(db, o.id)).map(
        (a) =>
          `${a.kind === 'pickup' ? 'Pickup' : 'Destination'}: ${a.address}, ${a.cityOrTown}, ${a.state} ${a.zipCode}`,
      ),
      confirmedHow: HOW[r.via],
      confirmedAt: now,
      tip: toDollars(r.tipCents),
      signaturePng: r.signaturePng,
    });
    const pdfPath = await storage.save('jobs', pdf, 'pdf');
    const sigPath = r.signaturePng ? await storage.save('jobs', r.signaturePng, 'png') : null;
    let committed = false;
    try {
      await db.transaction(async (tx) => {
        await lockJob(tx, o.id);
        const won = await markConfirmed(tx, o.id, {
          confirmedAt: now,
          confirmedBy: r.via,
          signedAt: sigPath ? now : null,
          signature: sigPath,
          workOrder: pdfPath,
        });
        if (!won) throw conflict(JOB_MSG.alreadySigned);
        const fresh = (await c.orders.findInTx(tx, o.id))!;
        const step = await c.orders.confirmInTx(tx, fresh, {
          party: r.via === 'automatic' ? 'system' : 'customer',
          actorUserId: r.actorUserId,
          now,
          patch,
          tipByCheckout: byCheckout,
          after: async (t, row) => {
            if (balanceRef) await c.orders.recordBalanceCharge(t, row, bill.balance, balanceRef, now);
            if (tipRef && !byCheckout) await c.orders.recordTip(t, row, r.tipCents, tipRef, now);
          },
        });
        if (!step.ok) throw conflict(step.message);
        const mail = {
          orderId: o.id,
          total: `$${toDollars(bill.total).toFixed(2)}`,
          confirmedHow: HOW[r.via].toLowerCase(),
          pdfPath,
        };
        await mailer.enqueue(
          tx,
          workOrderMail(o.email, { ...mail, url: `${config.publicUrl}/user-dashboard?order_id=${o.id}` }),
        );
        for (const s of await users.listCompanyStaff(tx, o.companyId))
          await mailer.enqueue(
            tx,
            workOrderMail(s.email, { ...mail, url: `${config.publicUrl}/orders?order_id=${o.id}` }),
          );
      });
      committed = true;
    } finally {
      if (!committed) {
        await storage.remove(pdfPath);
        if (sigPath) await storage.remove(sigPath);
      }
    }
    await c.orders.committed(o.id, true);
    const tipCheckoutUrl = byCheckout ? await c.orders.openTipCheckout(o, r.tipCents, o.email) : null;
    return { workOrderUrl: signedFileUrl(pdfPath, clock.now()), tipCheckoutUrl };
  };
}
