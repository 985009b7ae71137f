import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFImage, type PDFPage } from 'pdf-lib';
import {
  labelLines,
  PRINTED_LABEL_WORDS,
  type ParsedLabel,
  type PrintedLabelWords,
} from '../../../contract/labels.contract';

const MM = 72 / 25.4;
// A4 sheet of 3 x 8 labels (64 x 34 mm, the common L7159 / 24-up layout), for labs without a Zebra printer.
const PAGE = { width: 210 * MM, height: 297 * MM };
const COLS = 3;
const ROWS = 8;
const MARGIN_X = 7 * MM;
const MARGIN_Y = 12.5 * MM;
const CELL = { width: (PAGE.width - 2 * MARGIN_X) / COLS, height: (PAGE.height - 2 * MARGIN_Y) / ROWS };
const PAD = 2.5 * MM;
export const LABELS_PER_PAGE = COLS * ROWS;
const BARCODE_SCALE = 2; // PNG pixels per bar module: sharp when printed, fast enough for 1000 labels
const MODULE_PT = 0.8; // printed width of one module (0.28 mm) unless the ID is too long for the label

/**
 * A Code 128 PNG of the sample ID (bwip-js); opaque, so the PDF needs no soft mask. The ID itself is
 * drawn as text so it stays sharp; the bars are stretched to the label's barcode height.
 */
export function barcodePng(text: string): Promise<Buffer> {
  return bwipjs.toBuffer({
    bcid: 'code128',
    text,
    scale: BARCODE_SCALE,
    height: 6,
    includetext: false,
    backgroundcolor: 'FFFFFF',
    paddingwidth: 0,
    paddingheight: 0,
  });
}

/** Standard PDF fonts only know WinAnsi; other characters become '?' rather than failing the sheet. */
function encodable(font: PDFFont, text: string): string {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

/** Names that do not fit end in an ellipsis. */
function fitText(font: PDFFont, text: string, size: number, maxWidth: number): string {
  const t = encodable(font, text);
  if (font.widthOfTextAtSize(t, size) <= maxWidth) return t;
  let cut = t;
  while (cut.length && font.widthOfTextAtSize(`${cut}…`, size) > maxWidth) cut = cut.slice(0, -1);
  return `${cut}…`;
}

/** The sample ID is never cut: a long one gets a smaller font instead. */
function fitSize(font: PDFFont, text: string, size: number, maxWidth: number): number {
  return Math.max(5, Math.min(size, (size * maxWidth) / font.widthOfTextAtSize(text, size)));
}

interface Fonts {
  regular: PDFFont;
  bold: PDFFont;
}

function drawLabel(
  page: PDFPage,
  fonts: Fonts,
  image: PDFImage,
  label: ParsedLabel,
  slot: number,
  words: PrintedLabelWords,
) {
  const col = slot % COLS;
  const row = Math.floor(slot / COLS);
  const x = MARGIN_X + col * CELL.width;
  const top = PAGE.height - MARGIN_Y - row * CELL.height;
  const inner = CELL.width - 2 * PAD;
  // A faint outline helps cutting plain paper; pre-cut label sheets ignore it.
  page.drawRectangle({
    x: x + 1,
    y: top - CELL.height + 1,
    width: CELL.width - 2,
    height: CELL.height - 2,
    borderColor: rgb(0.85, 0.85, 0.85),
    borderWidth: 0.4,
  });

  const extra = labelLines(label, words);
  const barHeight = (extra.length ? 11 : 14) * MM;
  const contentHeight = 7 + 2 + barHeight + 10 + 9 * extra.length;
  // The block of lines sits in the middle of the label.
  let y = top - Math.max(PAD, (CELL.height - contentHeight) / 2) - 6;
  if (label.date)
    page.drawText(fitText(fonts.regular, label.date, 7, inner), { x: x + PAD, y, size: 7, font: fonts.regular });
  const width = Math.min(inner, (image.width / BARCODE_SCALE) * MODULE_PT);
  y -= 2 + barHeight;
  page.drawImage(image, { x: x + (CELL.width - width) / 2, y, width, height: barHeight });
  y -= 10;
  const size = fitSize(fonts.bold, label.sampleId, 9, inner);
  page.drawText(label.sampleId, {
    x: x + (CELL.width - fonts.bold.widthOfTextAtSize(label.sampleId, size)) / 2,
    y,
    size,
    font: fonts.bold,
  });
  for (const line of extra) {
    y -= 9;
    page.drawText(fitText(fonts.regular, line, 7.5, inner), { x: x + PAD, y, size: 7.5, font: fonts.regular });
  }
}

/** A PDF sheet: every label repeated its copies times, 24 per A4 page; a barcode image per distinct ID. */
export async function labelsToPdf(
  labels: ParsedLabel[],
  words: PrintedLabelWords = PRINTED_LABEL_WORDS,
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(words.sheetTitle);
  doc.setCreator('Biobanking LIMS');
  const fonts = {
    regular: await doc.embedFont(StandardFonts.Helvetica),
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
  };
  const images = new Map<string, PDFImage>();
  let page: PDFPage | null = null;
  let slot = 0;
  for (const label of labels) {
    let image = images.get(label.sampleId);
    if (!image) {
      image = await doc.embedPng(await barcodePng(label.sampleId));
      images.set(label.sampleId, image);
    }
    for (let c = 0; c < label.copies; c++) {
      if (!page || slot === LABELS_PER_PAGE) {
        page = doc.addPage([PAGE.width, PAGE.height]);
        slot = 0;
      }
      drawLabel(page, fonts, image, label, slot++, words);
    }
  }
  if (!page) doc.addPage([PAGE.width, PAGE.height]);
  // Plain objects (no object streams): readable by every viewer and simple to inspect in tests.
  return doc.save({ useObjectStreams: false });
}
