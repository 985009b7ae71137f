import zlib from 'node:zlib';
import type { TestApp } from './harness';
import { perFileCounter } from './per-file';

type Rec = Record<string, unknown> & { id: number; title?: string; unitName?: string };

const codes = perFileCounter();
/** A fresh two-character protocol code (unique within one test file's run). */
export const nextCode = () => {
  const n = codes();
  return `${String.fromCharCode(65 + (Math.floor(n / 26) % 26))}${String.fromCharCode(65 + (n % 26))}`;
};

/** The default protocol runs until 2099: tests that enrol or collect 'today' must not start failing when a year ends. */
export const protocolBody = (over: Record<string, unknown> = {}) => ({
  Title: 'Breast Cancer Screening',
  Abbreviation: 'BCS',
  Code: nextCode(),
  StartDate: '2026-01-01',
  EndDate: '2099-12-31',
  ExpectedParticipants: 120,
  ...over,
});

/** A protocol made through the API. */
export async function createProtocol(t: TestApp, instId: number, token: string, over: Record<string, unknown> = {}) {
  const res = await t.call('POST', `/api/institutions/${instId}/collectionProtocols`, {
    token,
    body: protocolBody(over),
  });
  if (res.statusCode !== 201) throw new Error(`protocol: ${res.statusCode} ${res.body}`);
  return res.json() as Rec & { concurrencyStamp: string; code: string };
}

/** Ids of the seeded lists a protocol's events and requirements use, by title. */
export async function protocolRefs(t: TestApp, instId: number, token: string) {
  const list = async (key: string) =>
    (await t.call('GET', `/api/institutions/${instId}/${key}?PageSize=200`, { token })).json() as Rec[];
  const [eventUnits, units, types, lineages, anatomic, pathological, procedures] = await Promise.all(
    [
      'collectionProtocolEventUnitOfMeasurements',
      'unitOfMeasurements',
      'specimenTypes',
      'subSampleLineages',
      'anatomicSites',
      'pathologicalStatuses',
      'specimenCollectionProcedures',
    ].map(list),
  );
  const by = (rows: Rec[], name: string) => {
    const row = rows.find((r) => r.title === name || r.unitName === name);
    if (!row) throw new Error(`no ${name} in ${JSON.stringify(rows.map((r) => r.title ?? r.unitName))}`);
    return row.id;
  };
  return {
    eventUnits,
    units,
    types,
    eventUnit: (name: string) => by(eventUnits, name),
    unit: (name: string) => by(units, name),
    type: (name: string) => by(types, name),
    aliquot: by(lineages, 'Aliquot'),
    derived: by(lineages, 'Derived'),
    blood: by(anatomic, 'Blood'),
    malignant: by(pathological, 'Malignant'),
    venipuncture: by(procedures, 'Venipuncture'),
  };
}

/** An RGBA PNG as a canvas exports it; `ink` draws a diagonal stroke, without it the pad is blank. */
export function signaturePng(opts: { width?: number; height?: number; ink?: boolean; filter?: number } = {}) {
  const { width = 40, height = 20, ink = true, filter = 0 } = opts;
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const line = Buffer.alloc(width * 4);
    for (let x = 0; x < width; x++) if (ink && Math.abs(x / 2 - y) < 1) line.set([0, 0, 0, 255], x * 4);
    // Filter 1 (Sub) stores each byte minus the one to its left: the decoder must undo it.
    const out = Buffer.alloc(line.length);
    for (let i = 0; i < line.length; i++)
      out[i] = filter === 1 ? (line[i] - (i >= 4 ? line[i - 4] : 0)) & 0xff : line[i];
    rows.push(Buffer.concat([Buffer.from([filter]), out]));
  }
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 6, 0, 0, 0], 8);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  return { png, dataUrl: `data:image/png;base64,${png.toString('base64')}` };
}
