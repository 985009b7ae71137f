import { describe, expect, it } from 'vitest';
import { and, eq, isNull } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';
import { SAMPLE_COLUMNS, type DryRunResult, type ImportStreamLine } from '../../../contract/imports.contract';
import { collectedSamples } from '../samples/samples.table';
import { boxPositionOccupancies, boxPositions } from '../storage/storage.table';
import { auditEvents } from '../../platform/audit.table';
import { importCall, type ImportCall } from '../../test/import-kit';

const t = await testApp();
const { institution, token } = await signedIn(t, ['Institution Administrator']);
const other = await signedIn(t, ['Institution Administrator']);
const uid = () => Math.random().toString(36).slice(2, 7).toUpperCase();
const post = (body: ImportCall, tok = token, inst = institution.id) => importCall(t, inst, 'samples', body, tok);
const lines = (body: string) =>
  body
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l) as ImportStreamLine);
const samplesOf = async (inst: number) =>
  (
    await t.db
      .select({ id: collectedSamples.id })
      .from(collectedSamples)
      .where(eq(collectedSamples.institutionId, inst))
  ).length;

/** A freezer down to one 3 x 3 box (A1..C3), through the storage import; answers the box's code path. */
async function box(inst: number, tok: string) {
  const c = uid().slice(0, 2);
  const node = (parent: string, code: string, title: string) =>
    [parent, code, title, '3', '3', 'Two Dimensional', 'Letters Upper Case', 'Numbers'].join(',');
  const csv = [
    'parent,code,title,rows,columns,positionLabeling,rowLabeling,columnLabeling',
    node('', c, 'Freezer'),
    node(c, 'S1', 'Shelf'),
    node(`${c}/S1`, 'R1', 'Rack'),
    node(`${c}/S1/R1`, 'D1', 'Drawer'),
    node(`${c}/S1/R1/D1`, 'B1', 'Box'),
  ].join('\r\n');
  const out = lines((await importCall(t, inst, 'storage', { csv, dryRun: false }, tok)).body);
  expect(out.at(-1)).toMatchObject({ result: { rowCount: 5 } });
  return `${c}/S1/R1/D1/B1`;
}

const p = await sampleSetUp(t, institution, token);
const q = await sampleSetUp(t, other.institution, other.token);
const mrn = String(p.patient.patientMRN);
const otherMrn = String(q.patient.patientMRN);
const stranger = json<{ patientMRN: string }>(
  await t.call('POST', `/api/institutions/${institution.id}/patients/register`, {
    token,
    body: participant(await referenceIds(t, institution.id, token)),
  }),
);
const B = await box(institution.id, token);
const otherBox = await box(other.institution.id, other.token);
const code = String(p.protocol.code);

const HEAD = SAMPLE_COLUMNS.map((c) => c.field);
const row = (over: Partial<Record<string, string>> = {}) => {
  const v: Record<string, string> = {
    mrn,
    protocol: code,
    specimenType: 'Whole Blood',
    amount: '10',
    unit: 'Millilitre',
    collectedDate: '2026-03-14',
    collectedTime: '09:30',
    ...over,
  };
  return HEAD.map((h) => v[h] ?? '').join(',');
};
const aliquot = (parentSampleId: string, over: Partial<Record<string, string>> = {}) =>
  row({ mrn: '', protocol: '', unit: '', amount: '4', parentSampleId, ...over });
const file = (...rows: string[]) => `${HEAD.join(',')}\r\n${rows.join('\r\n')}\r\n`;

describe('sample import', () => {
  it('serves a template whose columns are the sample columns', async () => {
    const res = await t.call('GET', `/api/institutions/${institution.id}/imports/templates/samples.csv`, { token });
    expect(res.statusCode).toBe(200);
    expect(res.body.split('\r\n')[0]).toBe(HEAD.join(','));
  });

  it('dry-runs every row through the collect, ledger and allocation rules, reports each on its line, and writes nothing', async () => {
    const own = await p.sample({ SampleID: `OWN-${uid()}` });
    const theirs = await q.sample({ SampleID: `THEIRS-${uid()}` });
    const first = `IMP-${uid()}`;
    const csv = file(
      row({ sampleId: first, box: B, position: 'A1' }), // 2: fine, stored in A1
      row({ mrn: 'NO-SUCH-MRN' }), // 3: unknown MRN
      row({ mrn: stranger.patientMRN }), // 4: not enrolled
      row({ amount: 'abc' }), // 5: bad amount
      aliquot('NOPE-1'), // 6: unknown parent
      aliquot(first, { amount: '6' }), // 7: fine: 4 mL left on line 2
      aliquot(first, { amount: '5' }), // 8: overdraw
      row({ box: B, position: 'a1' }), // 9: A1 taken by line 2
      row({ mrn: otherMrn }), // 10: another institution's MRN
      aliquot(String(theirs.sampleId)), // 11: another institution's sample
      row({ box: otherBox, position: 'B1' }), // 12: another institution's box
      aliquot(String(own.sampleId), { amount: '2' }), // 13: fine: a sample already in the database
      row({ protocol: 'ZZZ-none' }), // 14: unknown protocol
    );
    const before = [await samplesOf(institution.id), await samplesOf(other.institution.id)];
    const res = await post({ csv, dryRun: true });
    expect(res.statusCode, res.body).toBe(200);
    const { errors } = json<DryRunResult>(res);
    expect(errors.map((e) => [e.line, e.field])).toEqual([
      [3, 'mrn'],
      [4, 'mrn'],
      [5, 'amount'],
      [6, 'parentSampleId'],
      [8, ''],
      [9, 'position'],
      [10, 'mrn'],
      [11, 'parentSampleId'],
      [12, 'box'],
      [14, 'protocol'],
    ]);
    const msg = (line: number) => errors.find((e) => e.line === line)!.message;
    expect(msg(3)).toBe('No participant with MRN NO-SUCH-MRN in this institution');
    expect(msg(4)).toMatch(/not enrolled/i);
    expect(msg(5)).toBe('Enter a number');
    expect(msg(6)).toBe('No sample NOPE-1 in this institution');
    expect(msg(8)).toBe(`Sample ${first} has 4 mL remaining; 5 mL cannot be taken from it.`);
    expect(msg(9)).toMatch(/A1/);
    expect(msg(10)).toBe(`No participant with MRN ${otherMrn} in this institution`);
    expect(msg(11)).toBe(`No sample ${String(theirs.sampleId)} in this institution`);
    expect(msg(12)).toMatch(/^No container with code/);
    expect(errors.find((e) => e.line === 3)!.column).toBe('mrn');
    expect([await samplesOf(institution.id), await samplesOf(other.institution.id)]).toEqual(before);
    // The commit checks again: one bad row and nothing is written.
    const commit = await post({ csv, dryRun: false });
    expect(commit.statusCode).toBe(422);
    expect(json(commit).errors).toHaveProperty('3:mrn');
    expect([await samplesOf(institution.id), await samplesOf(other.institution.id)]).toEqual(before);
  });

  it('commits a clean file in one transaction: samples, an aliquot of a row above through the ledger, a stored position and one import audit entry', async () => {
    const first = `IMP-${uid()}`;
    const csv = file(
      row({ sampleId: first }),
      aliquot(first, { sampleId: `${first}-A`, amount: '2.5', box: B, position: 'C3' }),
      row({ sampleId: '', amount: '1' }),
    );
    expect(json<DryRunResult>(await post({ csv, dryRun: true })).errors).toEqual([]);
    const before = await samplesOf(institution.id);
    const out = lines((await post({ csv, dryRun: false, fileName: 'samples.csv' })).body);
    const result = out.at(-1) as { result: { kind: string; rowCount: number; firstId: number; lastId: number } };
    expect(result).toMatchObject({ result: { kind: 'samples', rowCount: 3 } });
    expect(await samplesOf(institution.id)).toBe(before + 3);
    const [parent] = await t.db.select().from(collectedSamples).where(eq(collectedSamples.sampleId, first));
    const [child] = await t.db
      .select()
      .from(collectedSamples)
      .where(eq(collectedSamples.sampleId, `${first}-A`));
    expect(parent).toMatchObject({
      remainingAmount: 7.5,
      collectionProtocolId: p.protocol.id,
      patientId: p.patient.id,
    });
    expect(child).toMatchObject({ parentId: parent.id, kind: 'aliquot', collectedAmount: 2.5, unitId: parent.unitId });
    const [stored] = await t.db
      .select({ code: boxPositions.code })
      .from(boxPositionOccupancies)
      .innerJoin(boxPositions, eq(boxPositions.id, boxPositionOccupancies.positionId))
      .where(and(eq(boxPositionOccupancies.collectedSampleId, child.id), isNull(boxPositionOccupancies.vacatedAt)));
    expect(stored.code).toBe('C3');
    const [entry] = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'import'), eq(auditEvents.institutionId, institution.id)))
      .orderBy(auditEvents.id);
    expect(entry).toBeTruthy();
    const audits = await t.db
      .select({ after: auditEvents.after })
      .from(auditEvents)
      .where(and(eq(auditEvents.entity, 'import'), eq(auditEvents.institutionId, institution.id)));
    expect(audits.map((a) => a.after)).toContainEqual(
      expect.objectContaining({
        kind: 'samples',
        rowCount: 3,
        fileName: 'samples.csv',
        ids: [parent.id, child.id, result.result.lastId],
      }),
    );
  });

  it('answers control characters, NUL and odd references in any cell with row errors or a titled 4xx, never 500', async () => {
    const csv = file(
      row({ mrn: 'A\u0007B' }),
      aliquot('P\u0001'),
      row({ box: `${B}/X/Y`, position: '\u0007' }),
      row({ protocol: "'; drop", event: '%' }),
      row({ amount: '1e999' }),
    );
    for (const dryRun of [true, false]) {
      const res = await post({ csv, dryRun });
      expect(res.statusCode, res.body).toBeLessThan(500);
      expect(res.statusCode === 200 ? json<DryRunResult>(res).errors.length : res.statusCode).toBeGreaterThan(0);
      if (res.statusCode >= 400) expect(typeof json(res).title).toBe('string');
    }
    expect(json<DryRunResult>(await post({ csv, dryRun: true })).errors.map((e) => e.line)).toEqual(
      expect.arrayContaining([2, 3, 4, 5, 6]),
    );
    const nul = await post({ csv: file(row({ mrn: 'A\u0000B' })), dryRun: true });
    expect(nul.statusCode).toBe(400);
    expect(typeof json(nul).title).toBe('string');
  });

  it('needs samples.collect: a Clinician may not import samples', async () => {
    const clinician = await signedIn(t, ['Clinician'], institution);
    expect((await post({ csv: file(row()), dryRun: true }, clinician.token)).statusCode).toBe(403);
  });
});
