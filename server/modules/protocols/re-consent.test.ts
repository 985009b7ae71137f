import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json } from '../../test/harness';
import { login, signedIn } from '../../test/factories';
import { referenceIds } from '../../test/participants-fixtures';
import { protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp, type Sample } from '../../test/samples-fixtures';
import { nodePath, storageChain, storageRefs } from '../../test/storage-fixtures';
import { auditEvents } from '../../platform/audit.table';

// Issue 31 item 5, re-consent (docs/protocols.md "Re-consent"): a withdrawn consent signed again unblocks only
// what the new signature says: samples collected from then on, and the earlier ones only when it covers them.

const t = await testApp();
// Collection dates may not be after today in the institution's time zone (UTC here): the clock walks forward.
t.clock.now = new Date('2026-11-20T09:00:00Z');
const A = await signedIn(t);
const B = await signedIn(t);
/** Moves the clock (a day later a session has ended: both sign in again). */
async function at(iso: string) {
  t.clock.now = new Date(iso);
  A.token = await login(t, A.account.email);
  B.token = await login(t, B.account.email);
}
const refs = {
  protocol: await protocolRefs(t, A.institution.id, A.token),
  participant: await referenceIds(t, A.institution.id, A.token),
};
const sr = await storageRefs(t, A.institution.id, A.token);
const chain = await storageChain(t, A.institution.id, A.token, sr, { Rows: 3, Columns: 3 });
const boxUrl = nodePath(A.institution.id, chain.ids);

type Rec = Record<string, unknown> & { id: number };
type Problem = { status: number; code?: string; title: string; errors?: Record<string, string[]> };
type Signed = Rec & {
  withdrawnDate: string | null;
  previousSignatureId: number | null;
  nextSignatureId: number | null;
  earlierSamples: string | null;
  coversSamplesFrom: string | null;
  withdrawnByAccount: { firstName: string } | null;
};

/** A protocol with a consent, one enrolled patient who signed it, and helpers for every use of a sample. */
async function donor() {
  const w = await sampleSetUp(t, A.institution, A.token, refs);
  const consent = json<Rec & { consentVersionId: number }>(
    await t.call('POST', `${w.base}/collectionProtocolConsents`, {
      token: A.token,
      body: { Title: 'Biobank consent', Consent: '<p>I agree to give samples.</p>' },
    }),
  );
  const signatures = `${w.base}/collectionProtocolParticipantConsents`;
  const sign = (over: Record<string, unknown> = {}, token = A.token, url = signatures) =>
    t.call('POST', url, {
      token,
      body: {
        ParticipantId: w.enrolment.id,
        ConsentVersionId: consent.consentVersionId,
        Signature: signaturePng().dataUrl,
        ...over,
      },
    });
  const withdraw = (id: number, day: string) =>
    t.call('POST', `${signatures}/${id}/withdraw`, {
      token: A.token,
      body: { WithdrawnDate: day, Reason: 'Moved away', Effect: 'stop_use' },
    });
  const first = json<Signed>(await sign());
  // The fixture's helpers hold the token of their day: these read A's current one.
  const sample = async (over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', w.api(), { token: A.token, body: w.body(over) });
    if (res.statusCode !== 201) throw new Error(res.body);
    return json<Sample>(res);
  };
  const sub = (parent: Sample) =>
    t.call('POST', w.api(), {
      token: A.token,
      body: {
        IsSubSample: true,
        ParentSampleId: parent.id,
        SubSampleLineageId: refs.protocol.aliquot,
        SpecimenTypeId: refs.protocol.type('Whole Blood'),
        CollectedAmount: 1,
      },
    });
  const uses = {
    allocate: async (s: Sample) =>
      t.call('POST', `${boxUrl}/allocate`, { token: A.token, body: { CollectedSampleIds: [s.id] } }),
    ship: (s: Sample) =>
      t.call('POST', `/api/institutions/${A.institution.id}/collectedSampleShipments`, {
        token: A.token,
        body: {
          Name: 'To the reference lab',
          SendingInstitutionSiteId: A.institution.site.id,
          ReceivingInstitutionId: B.institution.id,
          ReceivingInstitutionSiteId: B.institution.site.id,
          CollectionProtocolId: w.protocol.id,
          CollectedSampleIds: [s.id],
        },
      }),
    aliquot: (s: Sample) => sub(s),
  };
  const flag = async (s: Sample) =>
    json<{ hasWithdrawnConsent: boolean }>(await t.call('GET', w.api(`/${s.id}`), { token: A.token }))
      .hasWithdrawnConsent;
  const participantFlag = async () =>
    json<{ hasWithdrawnConsent: boolean }>(
      await t.call('GET', `${w.base}/collectionProtocolParticipants/${w.enrolment.id}`, { token: A.token }),
    ).hasWithdrawnConsent;
  const signed = async () =>
    json<Signed[]>(await t.call('GET', `${signatures}?ParticipantId=${w.enrolment.id}`, { token: A.token }));
  const history = async (s: Sample) =>
    json<{ kind: string; summary: string }[]>(await t.call('GET', w.api(`/${s.id}/history`), { token: A.token }));
  return { ...w, sample, consent, signatures, sign, withdraw, first, uses, flag, participantFlag, signed, history };
}

type Res = Awaited<ReturnType<typeof t.call>>;
const expectRefused = async (res: Promise<Res>, title: string) => {
  const r = await res;
  expect(r.statusCode, r.body).toBe(409);
  expect(json<Problem>(r)).toMatchObject({ code: 'protocols.consent_withdrawn' });
  expect(json<Problem>(r).title).toContain(title);
};
const expectOk = async (res: Promise<Res>) => {
  const r = await res;
  expect(r.statusCode, r.body).toBeLessThan(300);
};

describe('re-consent', () => {
  it('keeping earlier samples blocked: old samples stay blocked, samples collected after it are usable; history and audit show both', async () => {
    await at('2026-11-20T09:00:00Z');
    const d = await donor();
    const old = await d.sample({ CollectedDate: '2026-11-20', CollectedTime: '08:00' });
    await at('2026-11-21T10:00:00Z');
    expect((await d.withdraw(d.first.id, '2026-11-21')).statusCode).toBe(200);
    const withdrawn = 'Almaz Tesfaye withdrew consent on 2026-11-21: their samples may not be used further.';
    for (const use of Object.values(d.uses)) await expectRefused(use(old), withdrawn);
    await expectRefused(
      t.call('POST', d.api(), {
        token: A.token,
        body: d.body({ CollectedDate: '2026-11-21', CollectedTime: '09:00' }),
      }),
      withdrawn,
    );
    expect(await d.participantFlag()).toBe(true);

    await at('2026-11-22T10:00:30Z');
    // A re-consent needs the explicit choice; a bad one names the two values.
    const missing = json<Problem>(await d.sign());
    expect(missing).toMatchObject({
      status: 400,
      code: 'protocols.reconsent_choice',
      errors: { earlierSamples: ['Choose keep_blocked or covered for the samples collected before this re-consent'] },
    });
    expect(missing.title).toContain('choose whether the samples collected before it stay blocked');
    expect(json<Problem>(await d.sign({ EarlierSamples: 'all' }))).toMatchObject({
      status: 400,
      errors: { earlierSamples: ['Choose keep_blocked or covered for the samples collected before this re-consent'] },
    });
    expect(
      json<Problem>(await d.sign({ EarlierSamples: 'keep_blocked', PreviousSignatureId: d.first.id + 999 })),
    ).toMatchObject({ status: 409, code: 'protocols.reconsent_stale' });
    // Another institution: its own path does not know the enrolment, and A's path is not B's.
    const foreign = json<Problem>(
      await d.sign(
        { EarlierSamples: 'covered' },
        B.token,
        `/api/institutions/${B.institution.id}/collectionProtocols/${d.protocol.id}/collectionProtocolParticipantConsents`,
      ),
    );
    expect(foreign.status).toBe(404);
    expect((await d.sign({ EarlierSamples: 'covered' }, B.token)).statusCode).toBe(404);
    expect(await d.flag(old)).toBe(true);

    const res = await d.sign({ EarlierSamples: 'keep_blocked', PreviousSignatureId: d.first.id });
    expect(res.statusCode, res.body).toBe(201);
    const again = json<Signed>(res);
    expect(again).toMatchObject({
      previousSignatureId: d.first.id,
      nextSignatureId: null,
      earlierSamples: 'keep_blocked',
      coversSamplesFrom: '2026-11-22T10:00',
      withdrawnDate: null,
    });
    expect(json<Problem>(await d.sign({ EarlierSamples: 'covered' }))).toMatchObject({
      status: 409,
      code: 'protocols.already_signed',
    });

    // The old sample stays blocked everywhere, with a title that says why.
    const kept =
      'Almaz Tesfaye withdrew consent on 2026-11-21 and consented again on 2026-11-22, keeping earlier samples blocked: this sample was collected before 2026-11-22 10:00 and may not be used.';
    for (const use of Object.values(d.uses)) await expectRefused(use(old), kept);
    expect(await d.flag(old)).toBe(true);
    // A sample dated before the re-consent is an earlier sample, even entered now.
    await expectRefused(
      t.call('POST', d.api(), {
        token: A.token,
        body: d.body({ CollectedDate: '2026-11-22', CollectedTime: '09:59' }),
      }),
      kept,
    );
    // Collected from the re-consent's minute on: usable for everything.
    const fresh = await d.sample({ CollectedDate: '2026-11-22', CollectedTime: '10:00' });
    expect(await d.flag(fresh)).toBe(false);
    expect(await d.participantFlag()).toBe(false);
    await expectOk(d.uses.aliquot(fresh));
    await expectOk(d.uses.allocate(fresh));
    await expectOk(d.uses.ship(fresh));

    // History: both signatures, the withdrawn one pointing at its re-consent, with who and when.
    const list = await d.signed();
    expect(list.map((s) => s.id)).toEqual([d.first.id, again.id]);
    expect(list[0]).toMatchObject({
      withdrawnDate: '2026-11-21',
      nextSignatureId: again.id,
      withdrawnByAccount: { firstName: 'Test' },
    });
    expect(list[1]).toMatchObject({ previousSignatureId: d.first.id, earlierSamples: 'keep_blocked' });
    const h = await d.history(old);
    expect(h.map((e) => e.kind)).toEqual(['collected', 'consent_withdrawn', 'consent_given_again']);
    expect(h[2].summary).toBe(
      'The donor signed consent "Biobank consent" again (version 1); samples collected before 2026-11-22 10:00 stay blocked: this sample stays blocked.',
    );
    expect((await d.history(fresh)).find((e) => e.kind === 'consent_given_again')?.summary).toContain(
      'this sample is covered',
    );
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'collectionProtocolParticipantConsent'),
          eq(auditEvents.institutionId, A.institution.id),
        ),
      )
      .orderBy(auditEvents.id);
    const of = (id: number) => audits.filter((a) => a.entityId === String(id)).map((a) => a.action);
    expect(of(d.first.id)).toEqual(['create', 'withdraw']);
    expect(of(again.id)).toEqual(['reconsent']);
    expect(audits.find((a) => a.entityId === String(again.id))?.after).toMatchObject({
      previousSignatureId: d.first.id,
      earlierSamples: 'keep_blocked',
    });
  });

  it("covering earlier samples (the spec's body): old samples are usable again; a later withdrawal and re-consent decide again", async () => {
    await at('2026-11-20T09:00:00Z');
    const d = await donor();
    const old = await d.sample({ CollectedDate: '2026-11-20', CollectedTime: '08:00' });
    // Not a re-consent: the choice on a first signature of another consent is refused.
    const other = json<Rec & { consentVersionId: number }>(
      await t.call('POST', `${d.base}/collectionProtocolConsents`, {
        token: A.token,
        body: { Title: 'Genetics', Consent: '<p>Genetic tests.</p>' },
      }),
    );
    expect(
      json<Problem>(await d.sign({ ConsentVersionId: other.consentVersionId, EarlierSamples: 'covered' })),
    ).toMatchObject({ status: 400, code: 'protocols.not_a_reconsent', errors: { earlierSamples: expect.any(Array) } });
    await at('2026-11-21T10:00:00Z');
    await d.withdraw(d.first.id, '2026-11-21');
    await expectRefused(d.uses.allocate(old), 'withdrew consent on 2026-11-21');

    await at('2026-11-22T10:00:00Z');
    const res = await t.call('POST', d.signatures, {
      token: A.token,
      body: {
        PatientId: d.patient.id,
        CollectionProtocolConsentId: d.consent.id,
        Consent: '<p>I agree to give samples.</p>',
        Signature: signaturePng().png.toString('base64'),
        EarlierSamples: 'covered',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    const again = json<Signed>(res);
    expect(again).toMatchObject({ previousSignatureId: d.first.id, earlierSamples: 'covered' });
    expect(await d.flag(old)).toBe(false);
    await expectOk(d.uses.aliquot(old));
    await expectOk(d.uses.allocate(old));
    expect((await d.history(old)).at(-1)?.summary).toContain('it covers the samples collected before it as well');

    // Withdrawn again: everything is blocked; a re-consent keeping earlier samples blocked then decides alone.
    await at('2026-11-23T10:00:00Z');
    const fresh = await d.sample({ CollectedDate: '2026-11-23', CollectedTime: '08:00' });
    expect((await d.withdraw(again.id, '2026-11-23')).statusCode).toBe(200);
    expect([await d.flag(old), await d.flag(fresh)]).toEqual([true, true]);
    await at('2026-11-24T10:00:00Z');
    // The stale stamp: the dialog was opened on the first withdrawal, the newest is the second.
    expect(json<Problem>(await d.sign({ EarlierSamples: 'covered', PreviousSignatureId: d.first.id })).code).toBe(
      'protocols.reconsent_stale',
    );
    const third = json<Signed>(await d.sign({ EarlierSamples: 'keep_blocked', PreviousSignatureId: again.id }));
    expect(third).toMatchObject({ previousSignatureId: again.id, coversSamplesFrom: '2026-11-24T10:00' });
    expect([await d.flag(old), await d.flag(fresh)]).toEqual([true, true]);
    const newest = await d.sample({ CollectedDate: '2026-11-24', CollectedTime: '10:05' });
    expect(await d.flag(newest)).toBe(false);
    expect((await d.signed()).map((s) => [s.previousSignatureId, s.nextSignatureId])).toEqual([
      [null, again.id],
      [d.first.id, third.id],
      [again.id, null],
    ]);
  });

  it('two users re-consenting at once: one succeeds, the other is refused', async () => {
    await at('2026-11-20T09:00:00Z');
    const d = await donor();
    await at('2026-11-21T10:00:00Z');
    await d.withdraw(d.first.id, '2026-11-21');
    const both = await Promise.all([
      d.sign({ EarlierSamples: 'keep_blocked', PreviousSignatureId: d.first.id }),
      d.sign({ EarlierSamples: 'covered', PreviousSignatureId: d.first.id }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([201, 409]);
    expect(json<Problem>(both.find((r) => r.statusCode === 409)!).code).toMatch(
      /^protocols\.(already_signed|reconsent_stale)$/,
    );
    expect((await d.signed()).length).toBe(2);
  });
});
