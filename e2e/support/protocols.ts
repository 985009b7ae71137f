import zlib from 'node:zlib';
import { expect, type Page } from '@playwright/test';
import { registerParticipant, unique, type Biobank, type Rec } from './data';

export type ProtocolRec = Rec & { title: string; code: string; concurrencyStamp: string };

const randomCode = () => Math.random().toString(36).slice(2, 4).toUpperCase().padEnd(2, 'X');

/**
 * A collection protocol of the Central Biobank made through the API. Codes are 2 characters and unique per
 * institution while the tests share one database, so a taken code is retried with another.
 */
export async function protocolByApi(b: Biobank, over: Record<string, unknown> = {}): Promise<ProtocolRec> {
  for (let attempt = 0; attempt < 20; attempt++) {
    const res = await b.api.call<ProtocolRec>('POST', `/institutions/${b.instId}/collectionProtocols`, b.token, {
      title: `Study ${unique()}`,
      abbreviation: 'STD',
      code: randomCode(),
      startDate: null,
      endDate: null,
      expectedParticipants: 50,
      ...over,
    });
    if (res.status === 409 && !('code' in over)) continue;
    expect(res.status, `create protocol: ${JSON.stringify(res.body)}`).toBe(201);
    return res.body;
  }
  throw new Error('no free protocol code after 20 attempts');
}

/**
 * Draw a signature-like scribble on the signature pad with the mouse: press, move in steps, release. `pad` is
 * the pad's name in the screens' language (French: /Zone de signature/).
 */
export async function drawSignature(page: Page, pad: RegExp = /Signature pad/) {
  const canvas = page.getByRole('img', { name: pad });
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const at = (x: number, y: number) => [box.x + box.width * x, box.y + box.height * y] as const;
  await page.mouse.move(...at(0.1, 0.6));
  await page.mouse.down();
  for (const [x, y] of [
    [0.2, 0.3],
    [0.3, 0.7],
    [0.4, 0.35],
    [0.5, 0.65],
    [0.6, 0.3],
    [0.75, 0.6],
  ] as const) {
    await page.mouse.move(...at(x, y), { steps: 6 });
  }
  await page.mouse.up();
}

/**
 * A collected sample of `patientId` through the API: a new protocol with the institution's first site, one
 * event, the patient enrolled, then 10 mL of Whole Blood collected under `sampleId`.
 */
export async function collectedSampleByApi(b: Biobank, patientId: number, sampleId = `CS-${unique()}`.toUpperCase()) {
  const protocol = await protocolByApi(b);
  const base = `collectionProtocols/${protocol.id}`;
  const [site] = await b.list('institutionSites?IsEnabled=true');
  await b.call('POST', `${base}/collectionProtocolSites`, { institutionSiteId: site.id });
  const [day] = (await b.list('collectionProtocolEventUnitOfMeasurements?IsEnabled=true')).filter(
    (u) => u.unitName === 'Day',
  );
  const event = await b.call('POST', `${base}/collectionProtocolEvents`, {
    label: 'Baseline',
    eventCode: 'BL',
    eventPoint: 0,
    collectionProtocolEventUnitOfMeasurementId: day.id,
  });
  await b.call('POST', `${base}/collectionProtocolParticipants`, { patientIds: [patientId] });
  const [types, units] = [await b.ids('specimenTypes'), await b.list('unitOfMeasurements?IsEnabled=true')];
  const ml = units.find((u) => u.unitSymbol === 'mL')!;
  return b.call<Rec & { sampleId: string }>('POST', `${base}/collectedSamples`, {
    sampleId,
    patientId,
    institutionSiteId: site.id,
    collectionProtocolEventId: event.id,
    specimenTypeId: types.get('Whole Blood'),
    collectedAmount: 10,
    unitOfMeasurementId: ml.id,
    collectedDate: new Date().toISOString().slice(0, 10),
    collectedTime: '09:00',
  });
}

/** A tiny PNG (base64) with one black and one transparent pixel: a signature the server accepts (not blank). */
export function inkedPng() {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([len, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(2, 0);
  header.writeUInt32BE(1, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const pixels = Buffer.from([0, 0, 0, 0, 255, 0, 0, 0, 0]);
  return Buffer.concat([
    Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]),
    chunk('IHDR', header),
    chunk('IDAT', zlib.deflateSync(pixels)),
    chunk('IEND', Buffer.alloc(0)),
  ]).toString('base64');
}

/**
 * A protocol with its own site, an event 'Baseline' at that site whose requirement 'Blood tube' (6 mL of
 * Whole Blood) has an aliquot child of 2 mL, and one patient enrolled: everything through the API.
 */
export async function collectingProtocol(b: Biobank) {
  const u = unique();
  const protocol = await protocolByApi(b);
  const base = `collectionProtocols/${protocol.id}`;
  const site = await b.call('POST', 'institutionSites', {
    title: `Clinic ${u}`,
    abbreviation: null,
    address: 'Clinic Road 1',
  });
  await b.call('POST', `${base}/collectionProtocolSites`, { institutionSiteIds: [site.id] });
  // Units are named by unitName, not title.
  const unitId = async (list: string, name: string) => (await b.list(list)).find((r) => r.unitName === name)!.id;
  const ml = await unitId('unitOfMeasurements', 'Millilitre');
  const day = await unitId('collectionProtocolEventUnitOfMeasurements', 'Day');
  const [types, lineages] = await Promise.all(['specimenTypes', 'subSampleLineages'].map(b.ids));
  const event = await b.call('POST', `${base}/collectionProtocolEvents`, {
    label: 'Baseline',
    eventCode: 'BL',
    eventPoint: 0,
    collectionProtocolEventUnitOfMeasurementId: day,
    institutionSiteId: site.id,
  });
  await b.call('POST', `${base}/collectionProtocolEvents/${event.id}/collectionProtocolEventSpecimenRequirements`, {
    title: 'Blood tube',
    code: 'BT',
    initialQuantity: 6,
    unitOfMeasurementId: ml,
    specimenTypeId: types.get('Whole Blood'),
    items: [
      {
        key: 'a',
        subSampleLineageId: lineages.get('Aliquot'),
        specimenTypeId: types.get('Whole Blood'),
        initialQuantity: 2,
      },
    ],
  });
  const mrn = `SM${u}`;
  const patient = await registerParticipant(b, { mrn, firstName: 'Tigist', fatherName: `Fa${u}` });
  const [enrolment] = await b.call<Rec[]>('POST', `${base}/collectionProtocolParticipants`, {
    patientIds: [patient.id],
  });
  /** One sample of the patient at the event, 6 mL of Whole Blood collected today unless `over` says otherwise. */
  const collect = (over: Record<string, unknown> = {}) =>
    b.call<Rec & { sampleId: string }>('POST', `${base}/collectedSamples`, {
      patientId: patient.id,
      institutionSiteId: event.institutionSiteId,
      collectionProtocolEventId: event.id,
      specimenTypeId: types.get('Whole Blood'),
      collectedAmount: 6,
      unitOfMeasurementId: ml,
      collectedDate: new Date().toISOString().slice(0, 10),
      collectedTime: '00:00',
      ...over,
    });
  return {
    u,
    protocol,
    collect,
    site: `Clinic ${u}`,
    mrn,
    patient,
    enrolment,
    event,
    ml,
    blood: types.get('Whole Blood'),
    name: `Tigist Fa${u} Tesfaye`,
  };
}
