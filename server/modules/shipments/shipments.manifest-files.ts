import bwipjs from 'bwip-js/node';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { Shipment, ShipmentItem } from '../../../contract/shipments.contract';
import { csvRecord as line } from '../../platform/csv';

// A shipment's manifest: RFC 4180 CSV (the project's one writer, platform/csv.ts: formula cells defused, the amount a number) and a printable PDF (items with Code 128 barcodes, signature lines).

const place = (inst: Shipment['sendingInstitution'], site: Shipment['sendingInstitutionSite']) =>
  [inst?.title, site?.title].filter(Boolean).join(', ');
const unitOf = (i: ShipmentItem) =>
  i.collectedSample.unitOfMeasurement.unitSymbol ?? i.collectedSample.unitOfMeasurement.unitName ?? '';
const donorOf = (i: ShipmentItem) => {
  const d = i.collectedSample.donor;
  return d
    ? `${[d.firstName, d.fatherName, d.grandFatherName].filter(Boolean).join(' ')}${d.mrn ? ` (MRN ${d.mrn})` : ''}`
    : '';
};

/** The shipment's fields as `field,value` lines, a blank line, then one record per item under a header. */
export function manifestCsv(s: Shipment, items: ShipmentItem[]): string {
  const head: [string, string | null][] = [
    ['Shipment', s.name],
    ['Status', s.status],
    ['Tracking Number', s.trackingNumber],
    ['Tracking URL', s.trackingURL],
    ['Sending Institution', s.sendingInstitution?.title ?? null],
    ['Sending Institution Site', s.sendingInstitutionSite?.title ?? null],
    ['Receiving Institution', s.receivingInstitution?.title ?? null],
    ['Receiving Institution Site', s.receivingInstitutionSite?.title ?? null],
    ['Shipped Date', s.shippedDate],
    ['Shipped Time', s.shippedTime],
    ['Received Date', s.receivedDate],
    ['Received Time', s.receivedTime],
  ];
  const columns = [
    'Sample ID',
    'Specimen Type',
    'Amount',
    'Unit',
    'Status',
    ...(s.includeDonorIdentity ? ['Donor'] : []),
    'Reason',
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
        i.status,
        ...(s.includeDonorIdentity ? [donorOf(i)] : []),
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
export async function manifestPdf(s: Shipment, items: ShipmentItem[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(`Shipment manifest: ${s.name}`);
  doc.setCreator('Biobanking LIMS');
  const regular = await doc.embedFont(StandardFonts.Helvetica);
  const bold = await doc.embedFont(StandardFonts.HelveticaBold);
  const width = PAGE.width - 2 * MARGIN;
  let page: PDFPage = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - MARGIN;
  const text = (t: string, x: number, size = 9, font = regular, w = width) =>
    page.drawText(clip(font, t, size, w), { x, y, size, font });

  text(`Shipment manifest: ${s.name}`, MARGIN, 15, bold);
  y -= 20;
  const fields: [string, string][] = [
    ['From', place(s.sendingInstitution, s.sendingInstitutionSite)],
    ['To', place(s.receivingInstitution, s.receivingInstitutionSite)],
    ['Shipped', `${s.shippedDate} ${s.shippedTime}`],
    ['Status', s.status.replace('_', ' ')],
    ['Tracking', [s.trackingNumber, s.trackingURL].filter(Boolean).join('  ') || '-'],
    ['Items', String(items.length)],
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
      ['barcode', 'Barcode'],
      ['id', 'Sample ID'],
      ['type', 'Specimen Type'],
      ['amount', 'Amount'],
      ['status', 'Status'],
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
    text(`Shipment manifest: ${s.name} (continued)`, MARGIN, 10, bold);
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
    const w = Math.min(48 * MM, image.width * 0.4);
    page.drawImage(image, { x: cols.barcode, y: y - ROW + 3 * MM, width: w, height: ROW - 5 * MM });
    y -= ROW / 2 + 2;
    text(i.collectedSample.sampleId, cols.id, 9, bold, 42 * MM);
    text(i.collectedSample.specimenType?.title ?? '', cols.type, 9, regular, 38 * MM);
    text(`${i.collectedSample.amount} ${unitOf(i)}`, cols.amount, 9, regular, 24 * MM);
    text(i.status, cols.status, 9);
    if (s.includeDonorIdentity && i.collectedSample.donor) {
      y -= 10;
      text(donorOf(i), cols.id, 7.5, regular, 100 * MM);
      y += 10;
    }
    y -= ROW / 2 - 2;
  }
  // The signature lines stay together, on a page of their own when the items filled the last one.
  if (y - 40 * MM < MARGIN) newPage();
  y -= 14 * MM;
  for (const label of ['Sent by', 'Received by']) {
    text(`${label}:`, MARGIN, 10, bold);
    page.drawLine({
      start: { x: MARGIN + 25 * MM, y: y - 1 },
      end: { x: MARGIN + 105 * MM, y: y - 1 },
      thickness: 0.5,
    });
    text('Date:', MARGIN + 112 * MM, 10, bold);
    page.drawLine({ start: { x: MARGIN + 125 * MM, y: y - 1 }, end: { x: MARGIN + width, y: y - 1 }, thickness: 0.5 });
    y -= 14 * MM;
  }
  const pages = doc.getPages();
  pages.forEach((pg, n) => {
    const label = `Page ${n + 1} of ${pages.length}`;
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
