import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { PDFDocument, rgb, StandardFonts } from 'pdf-lib';

/** US letter in points, with the spec's 0.5 in margin. */
const PAGE = { width: 612, height: 792, margin: 36 } as const;

const money = (n: number) => `$${n.toFixed(2)}`;

/** pdf-lib's standard fonts encode WinAnsi only: anything else is replaced, never thrown on. */
const safe = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/**
 * The delivery's signed letter as a PDF (issue 13, beyond the printed letter): the same details
 * as the printable page, with the customer's signature drawn on the helper's phone and the time
 * it was signed. It becomes the payout submission's document, so a helper with no printer still
 * gets paid.
 */
export async function signedLetterPdf(
  d: TDeliveryView,
  signaturePng: Buffer,
  signedAt: Date,
): Promise<Buffer> {
  const pdf = await PDFDocument.create();
  pdf.setTitle(`Delivery #${d.id}: customer signature`);
  pdf.setProducer('Haulpro');
  const page = pdf.addPage([PAGE.width, PAGE.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  let y = PAGE.height - PAGE.margin;

  const line = (text: string, o: { size?: number; b?: boolean; gap?: number } = {}) => {
    const size = o.size ?? 10;
    const f = o.b ? bold : font;
    // Wrap to the page width.
    const words = safe(text).split(/\s+/);
    let current = '';
    const flush = () => {
      page.drawText(current, { x: PAGE.margin, y: y - size, size, font: f, color: rgb(0.1, 0.1, 0.12) });
      y -= size + 4;
      current = '';
    };
    for (const w of words) {
      const next = current ? `${current} ${w}` : w;
      if (f.widthOfTextAtSize(next, size) > width && current) {
        flush();
        current = w;
      } else current = next;
    }
    if (current) flush();
    y -= o.gap ?? 2;
  };

  line(`Haulpro delivery #${d.id}`, { size: 18, b: true, gap: 8 });
  line(`Date: ${d.arrival_date}, ${d.show_up_time}`);
  line(`Customer: ${d.customer.full_name}${d.customer.phone ? `, ${d.customer.phone}` : ''}`);
  if (d.acceptor) line(`Helper: ${d.acceptor.name}${d.acceptor.phone ? `, ${d.acceptor.phone}` : ''}`);
  line(`Vehicle: ${d.vehicle}`);
  line(`Pickup${d.is_home_move ? ' (in home)' : ''}: ${d.pickup.full_address}`);
  line(`Destination: ${d.destination.full_address}`, { gap: 8 });
  line('Items', { b: true, size: 12 });
  for (const i of d.items)
    line(`${i.count} x ${i.name}: ${i.weight} lbs, ${i.height} x ${i.width} x ${i.length} ft`);
  y -= 6;
  line('Invoice', { b: true, size: 12 });
  line(`Base Price: ${money(d.invoice.base_price)}`);
  line(`Processing Fee: ${money(d.invoice.processing_fee)}`);
  if (d.invoice.tip > 0) line(`Tip: ${money(d.invoice.tip)}`);
  line(`Total Payout: ${money(d.invoice.total_payout)}`, { b: true, gap: 12 });
  line(
    'By signing, the customer confirms that the items above were delivered to the destination in the condition they were picked up.',
    { gap: 10 },
  );

  const png = await pdf.embedPng(signaturePng);
  const box = { w: 260, h: 110 };
  const scale = Math.min(box.w / png.width, box.h / png.height, 1);
  const top = Math.max(PAGE.margin + box.h + 40, y);
  page.drawImage(png, {
    x: PAGE.margin,
    y: top - box.h + (box.h - png.height * scale),
    width: png.width * scale,
    height: png.height * scale,
  });
  page.drawLine({
    start: { x: PAGE.margin, y: top - box.h - 4 },
    end: { x: PAGE.margin + box.w, y: top - box.h - 4 },
    thickness: 0.8,
    color: rgb(0.3, 0.3, 0.3),
  });
  page.drawText(
    safe(`Customer signature, signed ${signedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`),
    {
      x: PAGE.margin,
      y: top - box.h - 18,
      size: 9,
      font,
    },
  );
  return Buffer.from(await pdf.save());
}
