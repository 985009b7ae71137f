import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { createAccount, login, signedIn } from '../../test/factories';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { sampleSetUp, type Sample } from '../../test/samples-fixtures';
import { auditEvents } from '../../platform/audit.table';

// Rack-scanner reconcile (docs/storage.md "Rack-scanner reconcile").
const t = await testApp();
const { institution, token } = await signedIn(t);
const inst = institution.id;
const sr = await storageRefs(t, inst, token);
const s = await sampleSetUp(t, institution, token);

type Entry = {
  line: number | null;
  position: string;
  barcode: string | null;
  outcome: string;
  sample: { sampleId: string } | null;
  from: { label: string } | null;
  expected: { sampleId: string } | null;
};
type Scan = {
  scanStamp: string;
  layout: string;
  entries: Entry[];
  counts: Record<string, number>;
  errors: { line: number; message: string }[];
};
type Position = { id: number; code: string; occupant: { sampleId: string } | null };
type Problem = { title: string; code?: string; status: number };

let n = 0;
/** A sample with a typed ID (the tube's barcode). */
const sample = (id = `RS-${++n}-${Date.now() % 100000}`) => s.sample({ SampleId: id });

async function box(over: Record<string, unknown> = {}, tk = token, i = inst) {
  const chain = await storageChain(t, i, tk, i === inst ? sr : await storageRefs(t, i, tk), {
    Rows: 3,
    Columns: 3,
    ...over,
  });
  const url = nodePath(i, chain.ids);
  const positions = async () =>
    json<Position[]>(await t.call('GET', `${url}/StorageContainerBoxPositions`, { token: tk }));
  const all = await positions();
  const put = async (code: string, smp: Sample) => {
    const p = all.find((x) => x.code === code)!;
    const res = await t.call(
      'POST',
      `${url}/StorageContainerBoxPositions/${p.id}/StorageContainerBoxPositionOccupancies`,
      { token: tk, body: { CollectedSampleID: smp.id } },
    );
    if (res.statusCode !== 201) throw new Error(res.body);
  };
  const grid = async () => Object.fromEntries((await positions()).map((p) => [p.code, p.occupant?.sampleId ?? null]));
  const scan = (csv: string, tk2 = tk, type = 'text/csv') =>
    t.app.inject({
      method: 'POST',
      url: `${url}/rackScan`,
      payload: csv,
      headers: { authorization: `Bearer ${tk2}`, 'content-type': type },
    });
  const apply = (body: Record<string, unknown>, tk2 = tk) =>
    t.call('POST', `${url}/rackScan/apply`, { token: tk2, body });
  return { ...chain, url, put, grid, scan, apply };
}
const outcomes = (scan: Scan) =>
  Object.fromEntries(scan.entries.map((e) => [`${e.position}${e.outcome === 'missing' ? '!' : ''}`, e.outcome]));

describe('reading a scan', () => {
  it('names each position match, moved (within the box, from another box, never stored), missing, unknown, empty and no read', async () => {
    const b = await box();
    const other = await box();
    const [s1, s2, s3, s4, s5, s6] = [
      await sample(),
      await sample(),
      await sample(),
      await sample(),
      await sample(),
      await sample(),
    ];
    await b.put('A1', s1);
    await b.put('A2', s2);
    await b.put('B1', s3);
    await b.put('C3', s4);
    await other.put('A1', s5);
    const csv = [
      'Rack Barcode,RK1',
      'Tube Position,Tube Barcode',
      `A01,${s1.sampleId.toLowerCase()}`,
      `A02,${s3.sampleId}`,
      `B01,${s2.sampleId}`,
      `B02,${s5.sampleId}`,
      `A03,${s6.sampleId}`,
      'B03,NOT-OURS-1',
      'C01,No Read',
      'C02,No Tube',
    ].join('\n');
    const res = await b.scan(csv);
    expect(res.statusCode, res.body).toBe(200);
    const scan = json<Scan>(res);
    expect(scan.errors).toEqual([]);
    expect(outcomes(scan)).toEqual({
      A1: 'match',
      A2: 'moved',
      A3: 'moved',
      B1: 'moved',
      B2: 'moved',
      B3: 'unknown',
      C1: 'noRead',
      C2: 'empty',
      'C3!': 'missing',
    });
    const at = (p: string) => scan.entries.find((e) => e.position === p)!;
    expect(at('A2')).toMatchObject({
      line: 4,
      barcode: s3.sampleId,
      sample: { sampleId: s3.sampleId },
      expected: { sampleId: s2.sampleId },
      from: { label: 'Freezer 0 > Shelf 1 > Rack 2 > Drawer 3 > Box > B1' },
    });
    expect(at('B2').from!.label).toMatch(/> Box > A1$/);
    expect(at('A3')).toMatchObject({ outcome: 'moved', from: null });
    expect(scan.entries.find((e) => e.outcome === 'missing')).toMatchObject({
      line: null,
      position: 'C3',
      sample: { sampleId: s4.sampleId },
    });
    expect(scan.counts).toEqual({ match: 1, moved: 4, missing: 1, unknown: 1, empty: 1, noRead: 1 });
    // Nothing was written.
    expect(await b.grid()).toMatchObject({
      A1: s1.sampleId,
      A2: s2.sampleId,
      B1: s3.sampleId,
      C3: s4.sampleId,
      A3: null,
    });
  });

  it("reads FluidX, Azenta and plain layouts, maps scanner positions onto the box's own labels, and lists bad lines", async () => {
    const b = await box({ RowLabelingSchemaId: sr.numbers, ColumnLabelingSchemaId: sr.numbers, Rows: 2, Columns: 2 });
    const [s1, s2] = [await sample(), await sample()];
    await b.put('1-1', s1);
    await b.put('2-2', s2);
    for (const csv of [
      `TubeRack,Position,Barcode\nFR1,A1,${s1.sampleId}\nFR1,A2,NOTUBE\nFR1,B1,\nFR1,B2,${s2.sampleId}`,
      `Rack ID, Position, Tube Code\nAZ, A01, ${s1.sampleId}\nAZ, B02, ${s2.sampleId}`,
      `A1,${s1.sampleId}\n2-2,${s2.sampleId}`,
    ]) {
      const scan = json<Scan>(await b.scan(csv, token, 'text/plain'));
      expect(scan.errors, csv).toEqual([]);
      expect(
        scan.entries.filter((e) => e.outcome === 'match').map((e) => e.position),
        csv,
      ).toEqual(['1-1', '2-2']);
    }
    const bad = json<Scan>(
      await b.scan(`Position,Barcode\nC1,X\nA1,${s1.sampleId}\na01,Y\nB1,${s1.sampleId}\nZZ99,Q\n!!,R`),
    );
    expect(bad.errors).toEqual([
      { line: 2, message: 'Position C1 is outside Box (2 x 2).' },
      { line: 4, message: 'Position 1-1 is already on line 3.' },
      { line: 5, message: `Barcode ${s1.sampleId} is already on line 3.` },
      { line: 6, message: 'Position ZZ99 is outside Box (2 x 2).' },
      { line: 7, message: '"!!" is no position.' },
    ]);
  });

  it('answers hostile files with a problem, never a 500: over 1 MiB is 413, no body or JSON is 400, control characters are line errors', async () => {
    const b = await box();
    const big = await b.scan(`A1,${'x'.repeat(1024 * 1024)}`);
    expect(big.statusCode).toBe(413);
    expect(big.headers['content-type']).toMatch(/problem\+json/);
    expect((await b.scan('')).statusCode).toBe(200);
    const j = await t.call('POST', `${b.url}/rackScan`, { token, body: { a: 1 } });
    expect(json<Problem>(j)).toMatchObject({ status: 400 });
    const ctl = json<Scan>(await b.scan('A1,\u0001\u0002\nA2,\u202e'));
    expect(ctl.errors[0]).toEqual({ line: 1, message: 'The line holds control characters.' });
    const nul = await b.scan('A1,x\u0000');
    expect(nul.statusCode).toBe(400);
  });
});

describe('applying a scan', () => {
  it('swaps two tubes and brings one from another box in one transaction, with history and audit; the box then matches', async () => {
    const b = await box();
    const other = await box();
    const [s1, s2, s3] = [await sample(), await sample(), await sample()];
    await b.put('A1', s1);
    await b.put('A2', s2);
    await other.put('B2', s3);
    const csv = `A1,${s2.sampleId}\nA2,${s1.sampleId}\nC3,${s3.sampleId}`;
    const scan = json<Scan>(await b.scan(csv));
    const res = await b.apply({ Csv: csv, ScanStamp: scan.scanStamp });
    expect(res.statusCode, res.body).toBe(200);
    const done = json<{ moved: number; vacated: number; scan: Scan }>(res);
    expect(done).toMatchObject({ moved: 3, vacated: 0 });
    expect(done.scan.counts).toMatchObject({ match: 3, moved: 0, missing: 0 });
    expect(await b.grid()).toMatchObject({ A1: s2.sampleId, A2: s1.sampleId, C3: s3.sampleId });
    expect((await other.grid()).B2).toBeNull();
    const history = json<{ kind: string; summary: string; reason: string | null }[]>(
      await t.call('GET', `${s.api(`/${s1.id}/history`)}`, { token }),
    );
    expect(history.map((h) => h.kind)).toEqual(expect.arrayContaining(['vacated', 'allocated']));
    expect(history.find((h) => h.kind === 'vacated')!.reason).toBe('Rack scan: found at Box > A2');
    const [applied] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'storageRackScan'), eq(auditEvents.entityId, String(b.box.id))));
    expect(applied.action).toBe('apply');
    // The same stamp again: the database changed since (it is the stamp's own change).
    expect(json<Problem>(await b.apply({ Csv: csv, ScanStamp: scan.scanStamp }))).toMatchObject({
      status: 409,
      code: 'storage.rack_scan_stale',
    });
  });

  it('refuses a stale scan (a sample stored since) with 409 and changes nothing', async () => {
    const b = await box();
    const [s1, s2, s3] = [await sample(), await sample(), await sample()];
    await b.put('A1', s1);
    const csv = `B1,${s1.sampleId}`;
    const scan = json<Scan>(await b.scan(csv));
    await b.put('C1', s2);
    expect(json<Problem>(await b.apply({ Csv: csv, ScanStamp: scan.scanStamp }))).toMatchObject({
      status: 409,
      code: 'storage.rack_scan_stale',
      title:
        'The box or its samples changed since the scan was read: read the scan again before applying it. Nothing was changed.',
    });
    expect(await b.grid()).toMatchObject({ A1: s1.sampleId, B1: null, C1: s2.sampleId });
    // A different file under the stamp of another: stale too.
    expect((await b.apply({ Csv: `B2,${s3.sampleId}`, ScanStamp: scan.scanStamp })).statusCode).toBe(409);
    // A file with bad lines is never applied.
    const bad = json<Scan>(await b.scan('Q9,X'));
    expect(json<Problem>(await b.apply({ Csv: 'Q9,X', ScanStamp: bad.scanStamp }))).toMatchObject({
      status: 400,
      code: 'storage.rack_scan_invalid',
    });
  });

  it('two applies of one scan at once: one makes the moves, the other is the stale 409', async () => {
    const b = await box();
    const [s1, s2] = [await sample(), await sample()];
    await b.put('A1', s1);
    await b.put('B1', s2);
    const csv = `B1,${s1.sampleId}\nA1,${s2.sampleId}`;
    const scan = json<Scan>(await b.scan(csv));
    const answers = await Promise.all([1, 2, 3].map(() => b.apply({ Csv: csv, ScanStamp: scan.scanStamp })));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409]);
    expect(await b.grid()).toMatchObject({ A1: s2.sampleId, B1: s1.sampleId });
  });

  it('a tube found where a missing sample is stored needs "vacate missing"; then both happen with the reason given', async () => {
    const b = await box();
    const [s1, s2] = [await sample(), await sample()];
    await b.put('A1', s1);
    const csv = `A1,${s2.sampleId}`;
    const scan = json<Scan>(await b.scan(csv));
    expect(outcomes(scan)).toEqual({ A1: 'moved', 'A1!': 'missing' });
    expect(json<Problem>(await b.apply({ Csv: csv, ScanStamp: scan.scanStamp }))).toMatchObject({
      status: 409,
      code: 'storage.rack_scan_position_held',
    });
    expect(await b.grid()).toMatchObject({ A1: s1.sampleId });
    const res = await b.apply({
      Csv: csv,
      ScanStamp: scan.scanStamp,
      VacateMissing: true,
      VacateReason: 'Lost in the freezer',
    });
    expect(json(res), res.body).toMatchObject({ moved: 1, vacated: 1 });
    expect(await b.grid()).toMatchObject({ A1: s2.sampleId });
    const history = json<{ kind: string; reason: string | null }[]>(
      await t.call('GET', s.api(`/${s1.id}/history`), { token }),
    );
    expect(history.find((h) => h.kind === 'vacated')!.reason).toBe('Lost in the freezer');
  });
});

describe('tenancy and permissions', () => {
  it("another institution's box is 404 and its samples' barcodes are unknown; a Researcher is 403, a Technician reconciles; no token is 401", async () => {
    const b = await box();
    const [mine] = [await sample()];
    await b.put('A1', mine);
    const foreign = await signedIn(t);
    const fs = await sampleSetUp(t, foreign.institution, foreign.token);
    const theirs = await fs.sample({ SampleId: `THEIRS-${Date.now() % 100000}` });
    const fb = await box({}, foreign.token, foreign.institution.id);
    expect((await b.scan(`A1,${mine.sampleId}`, foreign.token)).statusCode).toBe(404);
    expect((await b.apply({ Csv: 'A1,x', ScanStamp: 'x' }, foreign.token)).statusCode).toBe(404);
    // Our box's ids under their institution's path, with their token: 404.
    const ours = await t.app.inject({
      method: 'POST',
      url: `${b.url.replace(`/institutions/${inst}/`, `/institutions/${foreign.institution.id}/`)}/rackScan`,
      payload: 'A1,x',
      headers: { authorization: `Bearer ${foreign.token}`, 'content-type': 'text/csv' },
    });
    expect(json<Problem>(ours)).toMatchObject({ status: 404, title: 'Storage container not found.' });
    expect((await fb.scan(`A1,${mine.sampleId}`, token)).statusCode).toBe(404);
    const scan = json<Scan>(await b.scan(`A1,${mine.sampleId}\nA2,${theirs.sampleId}`));
    expect(outcomes(scan)).toEqual({ A1: 'match', A2: 'unknown' });
    // Their view of their own box: our sample is unknown to them.
    expect(outcomes(json<Scan>(await fb.scan(`A1,${mine.sampleId}`, foreign.token)))).toEqual({ A1: 'unknown' });

    const researcher = await login(
      t,
      (await createAccount(t, { roles: ['Researcher'], institutionIds: [inst] })).email,
    );
    expect((await b.scan('A1,x', researcher)).statusCode).toBe(403);
    expect((await b.apply({ Csv: 'A1,x', ScanStamp: scan.scanStamp }, researcher)).statusCode).toBe(403);
    const technician = await login(
      t,
      (await createAccount(t, { roles: ['Technician'], institutionIds: [inst] })).email,
    );
    expect((await b.scan(`A1,${mine.sampleId}`, technician)).statusCode).toBe(200);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `${b.url}/rackScan`,
          payload: 'A1,x',
          headers: { 'content-type': 'text/csv' },
        })
      ).statusCode,
    ).toBe(401);
  });

  it("custody: a sample shipped and received is the receiver's to reconcile (moved into its box) and unknown to the sender", async () => {
    const receiver = await signedIn(t);
    const shippedSample = await sample();
    const sent = await t.call('POST', `/api/institutions/${inst}/collectedSampleShipments`, {
      token,
      body: {
        Name: 'To the reference lab',
        SendingInstitutionSiteId: institution.site.id,
        ReceivingInstitutionId: receiver.institution.id,
        ReceivingInstitutionSiteId: receiver.institution.site.id,
        CollectedSampleIds: [shippedSample.id],
      },
    });
    expect(sent.statusCode, sent.body).toBe(201);
    const shipment = json<{ id: number }>(sent);
    const items = `/api/institutions/${receiver.institution.id}/collectedSampleShipments/${shipment.id}/collectedSampleShipmentItems`;
    const [item] = json<{ id: number; concurrencyStamp: string }[]>(
      await t.call('GET', items, { token: receiver.token }),
    );
    // In transit: nobody holds it to reconcile.
    const theirBox = await box({}, receiver.token, receiver.institution.id);
    expect(outcomes(json<Scan>(await theirBox.scan(`A1,${shippedSample.sampleId}`)))).toEqual({ A1: 'unknown' });
    const got = await t.call('POST', `${items}/${item.id}/receive`, {
      token: receiver.token,
      body: { ConcurrencyStamp: item.concurrencyStamp },
    });
    expect(got.statusCode, got.body).toBe(200);
    const csv = `B2,${shippedSample.sampleId}`;
    const scan = json<Scan>(await theirBox.scan(csv));
    expect(scan.entries).toMatchObject([
      { position: 'B2', outcome: 'moved', from: null, sample: { sampleId: shippedSample.sampleId } },
    ]);
    expect(json(await theirBox.apply({ Csv: csv, ScanStamp: scan.scanStamp }))).toMatchObject({ moved: 1 });
    expect((await theirBox.grid()).B2).toBe(shippedSample.sampleId);
    const ours = await box();
    expect(outcomes(json<Scan>(await ours.scan(csv)))).toEqual({ B2: 'unknown' });
  });
});
