/** A QR code drawn into a PDF page as vector modules (sharp at any print size, no image to embed). */
import QRCode from 'qrcode';
import { GREY, INK, LETTER, LIGHT, MARGIN, type PdfWriter } from './writer.ts';

/** Draw a QR code (vector modules) with its top-left corner at (x, top), `size` points wide. */
export function drawQr(w: PdfWriter, text: string, x: number, top: number, size: number): void {
  const qr = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  const quiet = 4;
  const unit = size / (n + 2 * quiet);
  let path = '';
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) path += `M${col + quiet} ${row + quiet}h1v1h-1z`;
    }
  }
  const page = w.page!;
  page.drawRectangle({ x, y: top - size, width: size, height: size, borderColor: LIGHT, borderWidth: 0.5 });
  page.drawSvgPath(path, { x, y: top, scale: unit, color: INK, borderWidth: 0 });
}

/**
 * An address to open, for paper: a sentence beside a QR code, then the address written out on one line (shrunk
 * to fit, never wrapped, so it can be typed back exactly), then a note in small print.
 */
export function linkWithQr(w: PdfWriter, intro: string, url: string, note?: string): void {
  const qrSize = 110;
  w.ensure(qrSize + 60);
  w.space(6);
  const top = w.y + 8;
  drawQr(w, url, LETTER[0] - MARGIN - qrSize, top, qrSize);
  for (const line of w.wrap(intro, LETTER[0] - 2 * MARGIN - qrSize - 16, 10)) {
    w.text(line, MARGIN, w.y, 10);
    w.space(14);
  }
  w.y = Math.min(w.y, top - qrSize - 14);
  const clean = w.clean(url);
  const size = Math.min(9.5, (9.5 * (LETTER[0] - 2 * MARGIN)) / w.bold.widthOfTextAtSize(clean, 9.5));
  w.text(clean, MARGIN, w.y, size, w.bold);
  w.space(16);
  if (note) w.para(note, { size: 9, color: GREY, gap: 10 });
}
