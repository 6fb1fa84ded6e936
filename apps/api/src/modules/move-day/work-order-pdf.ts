import { CHANGE_KIND_LABELS, minutesText, type TJobView } from '@haulpro/shared/move-day';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** US letter in points, half-inch margins (as the delivery's signed letter). */
const PAGE = { width: 612, height: 792, margin: 36 } as const;

const money = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toFixed(2)}`;

/** pdf-lib's standard fonts encode WinAnsi only: anything else is replaced, never thrown on. */
const safe = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

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
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Haulpro work order, move #${w.orderId}`);
  pdf.setProducer('Haulpro');
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;
  const room = (h: number) => {
    if (y - h > PAGE.margin) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };
  const line = (text: string, o: { size?: number; b?: boolean; gap?: number } = {}) => {
    const size = o.size ?? 10;
    const f: PDFFont = o.b ? bold : font;
    let current = '';
    const flush = () => {
      room(size + 4);
      page.drawText(current, { x: PAGE.margin, y: y - size, size, font: f, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
      current = '';
    };
    for (const word of safe(text).split(/\s+/)) {
      const next = current ? `${current} ${word}` : word;
      if (f.widthOfTextAtSize(next, size) > width && current) {
        flush();
        current = word;
      } else current = next;
    }
    if (current) flush();
    y -= o.gap ?? 2;
  };
  const row = (label: string, value: string, b = false) => {
    const f = b ? bold : font;
    room(14);
    page.drawText(safe(label), { x: PAGE.margin, y: y - 10, size: 10, font: f });
    const v = safe(value);
    page.drawText(v, { x: PAGE.margin + width - f.widthOfTextAtSize(v, 10), y: y - 10, size: 10, font: f });
    y -= 14;
  };

  const j = w.job;
  const tz = j.time_zone;
  line(`Haulpro work order: move #${w.orderId}`, { size: 18, b: true, gap: 8 });
  line(`${w.branchName} for ${w.customerName}, ${w.customerPhone}`);
  line(`Move date: ${j.arrival_date}, arrival window from ${j.arrival_time}`);
  for (const a of w.addresses) line(a);
  y -= 6;
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
  y -= 6;
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
    y -= 6;
    line('Changes on site', { b: true, size: 12 });
    for (const c of j.changes)
      row(
        `${CHANGE_KIND_LABELS[c.kind]}${c.quantity > 1 ? ` x${c.quantity}` : ''}: ${c.description.slice(0, 70)}`,
        `${money(c.amount)} ${c.status}`,
      );
  }
  y -= 10;
  line(`${w.confirmedHow}, ${when(w.confirmedAt.toISOString(), tz)}.`, { gap: 8 });
  if (w.signaturePng) {
    const png = await pdf.embedPng(w.signaturePng);
    const box = { w: 260, h: 110 };
    room(box.h + 30);
    const scale = Math.min(box.w / png.width, box.h / png.height, 1);
    page.drawImage(png, {
      x: PAGE.margin,
      y: y - box.h + (box.h - png.height * scale),
      width: png.width * scale,
      height: png.height * scale,
    });
    page.drawLine({
      start: { x: PAGE.margin, y: y - box.h - 4 },
      end: { x: PAGE.margin + box.w, y: y - box.h - 4 },
      thickness: 0.8,
      color: rgb(0.3, 0.3, 0.3),
    });
    page.drawText('Customer signature', { x: PAGE.margin, y: y - box.h - 18, size: 9, font });
  }
  return Buffer.from(await pdf.save());
}
