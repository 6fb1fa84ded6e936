import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';

/** US letter in points, with the spec's 0.5 in margin. */
const PAGE = { width: 612, height: 792, margin: 36 } as const;

/** pdf-lib's standard fonts encode WinAnsi only: anything else is replaced, never thrown on. */
export const pdfSafe = (s: string) => s.replace(/[^\x20-\x7E\u00A0-\u00FF]/g, '?');

/** "$12.50", "-$3.00". */
export const pdfMoney = (n: number) => `${n < 0 ? '-' : ''}$${Math.abs(n).toFixed(2)}`;

/**
 * A letter-size document written top to bottom (the delivery's signed letter, the move's work
 * order): wrapped lines, label-and-amount rows, a signature drawn on the customer's phone with its
 * caption; a new page when the current one is full.
 */
export async function createLetterPdf(title: string) {
  const pdf = await PDFDocument.create();
  pdf.setTitle(title);
  pdf.setProducer('Haulpro');
  let page: PDFPage = pdf.addPage([PAGE.width, PAGE.height]);
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  const bold = await pdf.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * PAGE.margin;
  const ink = rgb(0.1, 0.1, 0.12);
  let y = PAGE.height - PAGE.margin;

  /** Starts a new page when `h` points do not fit on this one. */
  const room = (h: number) => {
    if (y - h > PAGE.margin) return;
    page = pdf.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - PAGE.margin;
  };

  return {
    /** A paragraph wrapped to the page's width. */
    line(text: string, o: { size?: number; b?: boolean; gap?: number } = {}) {
      const size = o.size ?? 10;
      const f: PDFFont = o.b ? bold : font;
      let current = '';
      const flush = () => {
        room(size + 4);
        page.drawText(current, { x: PAGE.margin, y: y - size, size, font: f, color: ink });
        y -= size + 4;
        current = '';
      };
      for (const word of pdfSafe(text).split(/\s+/)) {
        const next = current ? `${current} ${word}` : word;
        if (f.widthOfTextAtSize(next, size) > width && current) {
          flush();
          current = word;
        } else current = next;
      }
      if (current) flush();
      y -= o.gap ?? 2;
    },

    /** A label on the left and its value on the right. */
    row(label: string, value: string, b = false) {
      const f = b ? bold : font;
      room(14);
      const l = pdfSafe(label);
      const v = pdfSafe(value);
      page.drawText(l, { x: PAGE.margin, y: y - 10, size: 10, font: f, color: ink });
      page.drawText(v, {
        x: PAGE.margin + width - f.widthOfTextAtSize(v, 10),
        y: y - 10,
        size: 10,
        font: f,
        color: ink,
      });
      y -= 14;
    },

    gap(points: number) {
      y -= points;
    },

    /** The customer's signature (a PNG) in a 260 x 110 box over a line and its caption. */
    async signature(png: Buffer, caption: string) {
      const image = await pdf.embedPng(png);
      const box = { w: 260, h: 110 };
      room(box.h + 30);
      const scale = Math.min(box.w / image.width, box.h / image.height, 1);
      page.drawImage(image, {
        x: PAGE.margin,
        y: y - box.h + (box.h - image.height * scale),
        width: image.width * scale,
        height: image.height * scale,
      });
      page.drawLine({
        start: { x: PAGE.margin, y: y - box.h - 4 },
        end: { x: PAGE.margin + box.w, y: y - box.h - 4 },
        thickness: 0.8,
        color: rgb(0.3, 0.3, 0.3),
      });
      page.drawText(pdfSafe(caption), { x: PAGE.margin, y: y - box.h - 18, size: 9, font });
      y -= box.h + 24;
    },

    async save(): Promise<Buffer> {
      return Buffer.from(await pdf.save());
    },
  };
}
