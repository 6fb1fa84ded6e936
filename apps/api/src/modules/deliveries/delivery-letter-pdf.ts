import type { TDeliveryView } from '@haulpro/shared/delivery-view';
import { createLetterPdf, pdfMoney } from '../../pdf/letter-pdf.ts';

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
  const doc = await createLetterPdf(`Delivery #${d.id}: customer signature`);
  doc.line(`Haulpro delivery #${d.id}`, { size: 18, b: true, gap: 8 });
  doc.line(`Date: ${d.arrival_date}, ${d.show_up_time}`);
  doc.line(`Customer: ${d.customer.full_name}${d.customer.phone ? `, ${d.customer.phone}` : ''}`);
  if (d.acceptor) doc.line(`Helper: ${d.acceptor.name}${d.acceptor.phone ? `, ${d.acceptor.phone}` : ''}`);
  doc.line(`Vehicle: ${d.vehicle}`);
  doc.line(`Pickup${d.is_home_move ? ' (in home)' : ''}: ${d.pickup.full_address}`);
  doc.line(`Destination: ${d.destination.full_address}`, { gap: 8 });
  doc.line('Items', { b: true, size: 12 });
  for (const i of d.items)
    doc.line(`${i.count} x ${i.name}: ${i.weight} lbs, ${i.height} x ${i.width} x ${i.length} ft`);
  doc.gap(6);
  doc.line('Invoice', { b: true, size: 12 });
  doc.line(`Base Price: ${pdfMoney(d.invoice.base_price)}`);
  doc.line(`Processing Fee: ${pdfMoney(d.invoice.processing_fee)}`);
  if (d.invoice.tip > 0) doc.line(`Tip: ${pdfMoney(d.invoice.tip)}`);
  doc.line(`Total Payout: ${pdfMoney(d.invoice.total_payout)}`, { b: true, gap: 12 });
  doc.line(
    'By signing, the customer confirms that the items above were delivered to the destination in the condition they were picked up.',
    { gap: 10 },
  );

  await doc.signature(
    signaturePng,
    `Customer signature, signed ${signedAt.toISOString().replace('T', ' ').slice(0, 16)} UTC`,
  );
  return doc.save();
}
