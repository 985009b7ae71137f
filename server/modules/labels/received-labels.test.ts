import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { testApp, json } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { protocolRefs } from '../../test/protocols-fixtures';
import { receivedKit, type Who } from '../../test/received-fixtures';

// A received record's label (issue 31 item 1, docs/labels.md "Sample labels"): the institution-level label route
// prints any sample of the institution by record id, a received one included (it has no protocol).
const t = await testApp();
const A = await signedIn(t, ['Coordinator']);
const B = await signedIn(t, ['Coordinator']);
const C = await signedIn(t, ['Coordinator']);
const { setUp, inst, receive, sampleOf, historyOf } = receivedKit(t);
const a = await setUp(A);

type Label = Record<string, unknown> & { sampleId: string };
const labels = (who: Who, ids: number[], copies?: number, headers?: Record<string, string>) =>
  t.call('POST', inst(who, '/collectedSamples/labels'), {
    token: who.token,
    body: { CollectedSampleIds: ids, ...(copies ? { Copies: copies } : {}) },
    headers,
  });
const printAudits = (who: Who, id: number) =>
  t.db
    .select()
    .from(auditEvents)
    .where(
      and(
        eq(auditEvents.institutionId, who.institution.id),
        eq(auditEvents.entity, 'collectedSample'),
        eq(auditEvents.entityId, String(id)),
        eq(auditEvents.action, 'print_label'),
      ),
    );

describe('labels of a received record', () => {
  it("prints its sample ID, collected date, specimen type and donor code (never the sender's donor), audited and in its history", async () => {
    const s1 = await a.sample({ SampleID: `RL-${A.institution.id}-1` });
    const { received } = await receive(A, B, [s1.id]);
    const bId = received[0].id;
    const rec = await sampleOf(B, bId);
    const donorCode = (rec.receivedFrom as { donorCode: string }).donorCode;
    expect(donorCode).toMatch(/^D-[0-9a-f]{16}$/);

    const res = await labels(B, [bId], 2);
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toEqual({
      labels: [{ sampleId: s1.sampleId, date: '14-03-2026', specimenType: 'Whole Blood', donorCode, copies: 2 }],
    });
    // The donor's names and MRN stay at the sender's.
    expect(res.body).not.toMatch(/Almaz|Tesfaye|MRN/);

    const history = await historyOf(B, bId);
    expect(history.at(-1)).toMatchObject({ kind: 'label_printed', summary: 'Label printed (2 copies).' });
    const audits = await printAudits(B, bId);
    expect(audits).toHaveLength(1);
    expect(audits[0].after).toMatchObject({ sampleId: s1.sampleId, copies: 2 });

    // The labels module prints the two lines under the barcode.
    const zpl = await t.call('POST', inst(B, '/labels/zpl'), { token: B.token, body: json(res) });
    expect(zpl.statusCode, zpl.body).toBe(200);
    expect(zpl.body).toContain('^FDWhole Blood^FS');
    expect(zpl.body).toContain(`^FDDonor: ${donorCode}^FS`);
    expect(zpl.body).not.toContain('MRN');
  });

  it("an aliquot of a received record carries the record's donor code and follows its stored consent state", async () => {
    const s = await a.sample({ SampleID: `RL-${A.institution.id}-4` });
    const { received } = await receive(A, B, [s.id]);
    const bId = received[0].id;
    const rec = await sampleOf(B, bId);
    const bRefs = await protocolRefs(t, B.institution.id, B.token);
    const child = await t.call('POST', inst(B, '/collectedSamples/subSamples'), {
      token: B.token,
      body: {
        ParentSampleId: bId,
        SubSampleLineageId: bRefs.aliquot,
        SpecimenTypeId: (rec.specimenType as { id: number }).id,
        CollectedAmount: 2,
      },
    });
    expect(child.statusCode, child.body).toBe(201);
    const aliquot = json<{ id: number; sampleId: string; origin: string }>(child);
    expect(aliquot.origin).toBe('received');
    const res = await labels(B, [aliquot.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ labels: Label[] }>(res).labels[0]).toMatchObject({
      sampleId: aliquot.sampleId,
      specimenType: 'Whole Blood',
      donorCode: (rec.receivedFrom as { donorCode: string }).donorCode,
    });
    // Printed in the language of who prints it: the seeded French title (migration 0059).
    const inFrench = await labels(B, [aliquot.id], 1, { 'accept-language': 'fr' });
    expect(json<{ labels: Label[] }>(inFrench).labels[0]).toMatchObject({ specimenType: 'Sang total' });
    await t.db.execute(sql`update sample_origins set consent_state = 'withdrawn' where sample_id = ${bId}`);
    expect(json(await labels(B, [aliquot.id]))).toMatchObject({
      status: 409,
      code: 'samples.received_consent_blocked',
    });
  });

  it('an own collected sample prints as on the protocol route: sample ID and collected date', async () => {
    const s = await a.sample({ SampleID: `RL-${A.institution.id}-own`, CollectedDate: '2026-03-15' });
    const res = await labels(A, [s.id]);
    expect(res.statusCode, res.body).toBe(200);
    expect(json<{ labels: Label[] }>(res).labels).toEqual([{ sampleId: s.sampleId, date: '15-03-2026', copies: 1 }]);
    expect((await historyOf(A, s.id)).at(-1)).toMatchObject({ kind: 'label_printed', summary: 'Label printed.' });
  });

  it("the sender's record is refused (409 naming the holder); another institution's ids are 404; nothing is noted", async () => {
    const s = await a.sample({ SampleID: `RL-${A.institution.id}-2` });
    const { received } = await receive(A, B, [s.id]);
    const bId = received[0].id;

    const sender = await labels(A, [s.id]);
    expect(json(sender)).toMatchObject({
      status: 409,
      code: 'samples.held_elsewhere_use',
      title: `Sample ${s.sampleId} was received by ${B.institution.title}: it is in their custody, so it cannot be labelled here.`,
    });
    expect((await historyOf(A, s.id)).map((h) => h.kind)).not.toContain('label_printed');

    // The receiver's record is not the sender's, nor a third institution's; the sender's id is not the receiver's.
    for (const [who, id] of [
      [A, bId],
      [C, bId],
      [B, s.id],
    ] as const) {
      const res = await labels(who, [id]);
      expect(res.statusCode, res.body).toBe(404);
    }
    // One foreign id among own ones refuses the whole request.
    expect((await labels(B, [bId, s.id])).statusCode).toBe(404);
    expect(await printAudits(B, bId)).toHaveLength(0);
    expect((await historyOf(B, bId)).map((h) => h.kind)).not.toContain('label_printed');
  });

  it('a received record whose stored consent state is not usable is refused without naming the donor', async () => {
    const s = await a.sample({ SampleID: `RL-${A.institution.id}-3` });
    const { received } = await receive(A, B, [s.id]);
    const bId = received[0].id;
    await t.db.execute(sql`update sample_origins set consent_state = 'withdrawn' where sample_id = ${bId}`);
    const res = await labels(B, [bId]);
    expect(json(res)).toMatchObject({ status: 409, code: 'samples.received_consent_blocked' });
    expect(res.body).not.toMatch(/Almaz|Tesfaye/);
    expect(await printAudits(B, bId)).toHaveLength(0);
  });

  it('needs labels.print and samples.read: a Researcher is refused', async () => {
    const researcher = await signedIn(t, ['Researcher'], B.institution);
    const res = await labels(researcher, [1]);
    expect(res.statusCode).toBe(403);
  });
});
