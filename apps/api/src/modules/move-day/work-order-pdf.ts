import { CHANGE_KIND_LABELS, minutesText, type TJobView } from '@haulpro/shared/move-day';
import { createLetterPdf, pdfMoney as money } from '../../pdf/letter-pdf.ts';

export type TWorkOrder = {
  job: TJobView;
  orderId: number;
  branchName: string;
  customerName: string;
  customerPhone: string;
  addresses: string[];
  /** How the bill was confirmed, in words ("Signed by the customer on site"). */
  confirmedHow: string;
  confirmedAt: Date;
  tip: number;
  signaturePng: Buffer | null;
};

/** Local time in the job's time zone, "Mar 10, 2027, 9:05 AM". */
const when = (iso: string | null, timeZone: string) =>
  iso
    ? new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
        new Date(iso),
      )
    : '-';

/**
 * The work order of a move day (issue 28, decision 030) as a PDF: the job, the crew's times, the
 * itemised final bill exactly as the job page and the API show it, the approved and declined
 * changes, and the customer's signature (or how the bill was confirmed without one).
 */
export async function workOrderPdf(w: TWorkOrder): Promise<Buffer> {
  const doc = await createLetterPdf(`Haulpro work order, move #${w.orderId}`);
  const line = doc.line;
  const row = doc.row;
  const j = w.job;
  const tz = j.time_zone;
  line(`Haulpro work order: move #${w.orderId}`, { size: 18, b: true, gap: 8 });
  line(`${w.branchName} for ${w.customerName}, ${w.customerPhone}`);
  line(`Move date: ${j.arrival_date}, arrival window from ${j.arrival_time}`);
  for (const a of w.addresses) line(a);
  doc.gap(6);
  line('Time', { b: true, size: 12 });
  row('Started', when(j.started_at, tz));
  row('Finished', when(j.finished_at, tz));
  row('Breaks', minutesText(j.break_minutes));
  row('Worked', minutesText(j.worked_minutes));
  row('Billed (15-minute steps, the minimum applies)', minutesText(j.billable_minutes));
  for (const m of j.crew)
    row(
      `  ${m.name}`,
      `${when(m.started_at, tz)} to ${when(m.finished_at, tz)}, ${minutesText(m.worked_minutes)}`,
    );
  doc.gap(6);
  line('Final bill', { b: true, size: 12 });
  const b = j.bill;
  row(
    `Booked (${minutesText(b.booked_minutes)} at ${money(b.hourly)}/h and the booking's extras)`,
    money(b.booked),
  );
  if (b.extra_minutes !== 0)
    row(
      `Extra time (${minutesText(b.extra_minutes)} at ${money(b.extra_minutes > 0 ? b.overtime_rate : b.hourly)}/h)`,
      money(b.extra_time),
    );
  row('Changes on site (approved)', money(b.changes));
  if (b.discounts) row('Coupon', money(-b.discounts));
  row('Service and processing fees', money(b.fees));
  row('Total', money(b.total), true);
  row('Paid at booking', money(-b.paid));
  row(b.balance < 0 ? 'Refunded to the card' : 'Balance', money(Math.abs(b.balance)), true);
  if (w.tip > 0) row('Tip for the crew', money(w.tip));
  if (j.changes.length) {
    doc.gap(6);
    line('Changes on site', { b: true, size: 12 });
    for (const c of j.changes)
      row(
        `${CHANGE_KIND_LABELS[c.kind]}${c.quantity > 1 ? ` x${c.quantity}` : ''}: ${c.description.slice(0, 70)}`,
        `${money(c.amount)} ${c.status}`,
      );
  }
  doc.gap(10);
  line(`${w.confirmedHow}, ${when(w.confirmedAt.toISOString(), tz)}.`, { gap: 8 });
  if (w.signaturePng) await doc.signature(w.signaturePng, 'Customer signature');
  return doc.save();
}
