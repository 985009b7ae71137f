import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Shipment, ShipmentItem } from '../../../contract/shipments.contract';
import { csvRecord as line } from '../../platform/csv';
import { fill, wordsOf } from '../../platform/i18n';
import { DEFAULT_LANGUAGE, type LanguageCode } from '../../../contract/i18n/languages';

/** The manifest's words in a language (contract/i18n `shipments.manifest`): the caller's, as every file the server writes. */
type Words = ReturnType<typeof wordsOf<'shipments'>>['manifest'];

// A shipment's manifest: RFC 4180 CSV (the project's one writer, platform/csv.ts: formula cells defused, the amount a number) and a printable PDF (items with Code 128 barcodes, signature lines).

const place = (inst: Shipment['sendingInstitution'], site: Shipment['sendingInstitutionSite']) =>
  [inst?.title, site?.title].filter(Boolean).join(', ');
const unitOf = (i: ShipmentItem) =>
  i.collectedSample.unitOfMeasurement.unitSymbol ?? i.collectedSample.unitOfMeasurement.unitName ?? '';
const donorOf = (i: ShipmentItem, w: Words) => {
  const d = i.collectedSample.donor;
  if (!d) return '';
  const name = [d.firstName, d.fatherName, d.grandFatherName].filter(Boolean).join(' ');
  return d.mrn ? fill(w.donorMrn, { name, mrn: d.mrn }) : name;
};

/** The shipment's fields as `field,value` lines, a blank line, then one record per item under a header. */
export function manifestCsv(s: Shipment, items: ShipmentItem[], lng: LanguageCode = DEFAULT_LANGUAGE): string {
  const w = wordsOf(lng, 'shipments').manifest;
  const f = w.fields;
  const head: [string, string | null][] = [
    [f.shipment, s.name],
    [f.status, w.status[s.status]],
    [f.trackingNumber, s.trackingNumber],
    [f.trackingURL, s.trackingURL],
    [f.sendingInstitution, s.sendingInstitution?.title ?? null],
    [f.sendingInstitutionSite, s.sendingInstitutionSite?.title ?? null],
    [f.receivingInstitution, s.receivingInstitution?.title ?? null],
    [f.receivingInstitutionSite, s.receivingInstitutionSite?.title ?? null],
    [f.shippedDate, s.shippedDate],
    [f.shippedTime, s.shippedTime],
    [f.receivedDate, s.receivedDate],
    [f.receivedTime, s.receivedTime],
  ];
  const c = w.columns;
  const columns = [
    c.sampleId,
    c.specimenType,
    c.amount,
    c.unit,
    c.status,
    ...(s.includeDonorIdentity ? [c.donor] : []),
    c.reason,
  ];
  return [
    ...head.map(([k, v]) => line([k, v])),
    '\r\n',
    line(columns),
    ...items.map((i) =>
      line([
        i.collectedSample.sampleId,
        i.collectedSample.specimenType?.title,
        i.collectedSample.amount,
        unitOf(i),
        w.itemStatus[i.status],
        ...(s.includeDonorIdentity ? [donorOf(i, w)] : []),
        i.reason,
      ]),
    ),
  ].join('');
}

/** A download name from the shipment's name: plain ASCII for old clients, UTF-8 (RFC 5987) for the rest. */
export function manifestDisposition(name: string, ext: 'csv' | 'pdf' | 'fhir.json' | 'receipt.json') {
  const ascii = name
    .replace(/[^A-Za-z0-9._ -]+/g, '_')
    .trim()
    .slice(0, 100);
  const base = /[A-Za-z0-9]/.test(ascii) ? ascii : 'shipment';
  const file = ext === 'receipt.json' ? `${base} receipt.json` : `${base} manifest.${ext}`;
  const utf8 = ext === 'receipt.json' ? `${name.slice(0, 100)} receipt.json` : `${name.slice(0, 100)} manifest.${ext}`;
  return `attachment; filename="${file}"; filename*=UTF-8''${encodeURIComponent(utf8)}`;
}

const MM = 72 / 25.4;
const PAGE = { width: 210 * MM, height: 297 * MM };
const MARGIN = 15 * MM;
const ROW = 15 * MM;

/** Standard PDF fonts only know WinAnsi: other characters become '?' rather than failing the manifest. */
function winAnsi(font: PDFFont, text: string) {
  const known = new Set(font.getCharacterSet());
  return [...text].map((c) => (known.has(c.codePointAt(0)!) ? c : '?')).join('');
}

function clip(font: PDFFont, text: string, size: number, width: number) {
  let t = winAnsi(font, text);
  if (font.widthOfTextAtSize(t, size) <= width) return t;
  while (t.length && font.widthOfTextAtSize(`${t}...`, size) > width) t = t.slice(0, -1);
  return `${t}...`;
}

/** A4 pages: the shipment's fields, a table of items (barcode, sample ID, type, amount, status) and "Sent by" / "Received by" lines. */
export async function manifestPdf(
  s: Shipment,
  items: ShipmentItem[],
  lng: LanguageCode = DEFAULT_LANGUAGE,
): Promise<Uint8Array> {
  const w = wordsOf(lng, 'shipments').manifest;
  const doc = await PDFDocument.create();
  doc.setTitle(fill(w.title, { name: s.name }));
  doc.setCreator('Biobanking LIMS');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (t: string, x: number, size = 9, font = regular, w = width) =>
    page.drawText(clip(font, t, size, w), { x, y, size, font });

  text(fill(w.title, { name: s.name }), MARGIN, 15, bold);
  y -= 20;
  const fields: [string, string][] = [
    [w.from, place(s.sendingInstitution, s.sendingInstitutionSite)],
    [w.to, place(s.receivingInstitution, s.receivingInstitutionSite)],
    [w.shipped, `${s.shippedDate} ${s.shippedTime}`],
    [w.fields.status, w.status[s.status].replace('_', ' ')],
    [w.tracking, [s.trackingNumber, s.trackingURL].filter(Boolean).join('  ') || '-'],
    [w.items, String(items.length)],
  ];
  for (const [k, v] of fields) {
    text(`${k}:`, MARGIN, 9, bold);
    text(v, MARGIN + 22 * MM, 9, regular, width - 22 * MM);
    y -= 13;
  }
  const cols = {
    barcode: MARGIN,
    id: MARGIN + 52 * MM,
    type: MARGIN + 95 * MM,
    amount: MARGIN + 135 * MM,
    status: MARGIN + 160 * MM,
  };
  const header = () => {
    y -= 6;
    for (const [k, label] of [
      ['barcode', w.columns.barcode],
      ['id', w.columns.sampleId],
      ['type', w.columns.specimenType],
      ['amount', w.columns.amount],
      ['status', w.columns.status],
    ] as const)
      text(label, cols[k], 9, bold);
    y -= 4;
    page.drawLine({
      start: { x: MARGIN, y },
      end: { x: MARGIN + width, y },
      thickness: 0.5,
      color: rgb(0.4, 0.4, 0.4),
    });
    y -= 4;
  };
  const newPage = () => {
    page = doc.addPage([PAGE.width, PAGE.height]);
    y = PAGE.height - MARGIN;
    text(fill(w.continued, { name: s.name }), MARGIN, 10, bold);
    y -= 14;
  };
  header();
  for (const i of items) {
    if (y - ROW < MARGIN) {
      newPage();
      header();
    }
    const png = await bwipjs.toBuffer({
      bcid: 'code128',
      text: i.collectedSample.sampleId,
      scale: 2,
      height: 8,
      includetext: false,
      backgroundcolor: 'FFFFFF',
    });
    const image = await doc.embedPng(png);
    const barWidth = Math.min(48 * MM, image.width * 0.4);
    page.drawImage(image, { x: cols.barcode, y: y - ROW + 3 * MM, width: barWidth, height: ROW - 5 * MM });
    y -= ROW / 2 + 2;
    text(i.collectedSample.sampleId, cols.id, 9, bold, 42 * MM);
    text(i.collectedSample.specimenType?.title ?? '', cols.type, 9, regular, 38 * MM);
    text(`${i.collectedSample.amount} ${unitOf(i)}`, cols.amount, 9, regular, 24 * MM);
    text(w.itemStatus[i.status], cols.status, 9);
    if (s.includeDonorIdentity && i.collectedSample.donor) {
      y -= 10;
      text(donorOf(i, w), cols.id, 7.5, regular, 100 * MM);
      y += 10;
    }
    y -= ROW / 2 - 2;
  }
  // The signature lines stay together, on a page of their own when the items filled the last one.
  if (y - 40 * MM < MARGIN) newPage();
  y -= 14 * MM;
  for (const label of [w.sentBy, w.receivedBy]) {
    text(`${label}:`, MARGIN, 10, bold);
    page.drawLine({
      start: { x: MARGIN + 25 * MM, y: y - 1 },
      end: { x: MARGIN + 105 * MM, y: y - 1 },
      thickness: 0.5,
    });
    text(`${w.date}:`, MARGIN + 112 * MM, 10, bold);
    page.drawLine({ start: { x: MARGIN + 125 * MM, y: y - 1 }, end: { x: MARGIN + width, y: y - 1 }, thickness: 0.5 });
    y -= 14 * MM;
  }
  const pages = doc.getPages();
  pages.forEach((pg, n) => {
    const label = fill(w.page, { n: n + 1, count: pages.length });
    pg.drawText(label, {
      x: PAGE.width - MARGIN - regular.widthOfTextAtSize(label, 8),
      y: MARGIN / 2,
      size: 8,
      font: regular,
      color: rgb(0.4, 0.4, 0.4),
    });
  });
  return doc.save({ useObjectStreams: false });
}
