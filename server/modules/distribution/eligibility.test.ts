import { describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { rowsOf } from '../../db/client';
import { testApp, json } from '../../test/harness';
import { login, signedIn } from '../../test/factories';
import { referenceIds } from '../../test/participants-fixtures';
import { protocolRefs, signaturePng } from '../../test/protocols-fixtures';
import { sampleSetUp } from '../../test/samples-fixtures';
import { auditEvents } from '../../platform/audit.table';
import { eligibleSamples } from './eligibility.repository';

// Issue 32 item 2 (docs/research.md "Eligibility"): a consent version declares the purposes it grants, a
// signature records the participant's yes or no for each, and a sample is eligible for a distribution protocol
// only while its donor's consent in force grants every purpose the protocol needs: a withdrawal, or a re-consent
// that leaves a purpose out, removes it at once.

const t = await testApp();
t.clock.now = new Date('2026-11-20T09:00:00Z');
const A = await signedIn(t, ['Administrator']);
async function at(iso: string) {
  t.clock.now = new Date(iso);
  A.token = await login(t, A.account.email);
}
const inst = A.institution.id;
const refs = { protocol: await protocolRefs(t, inst, A.token), participant: await referenceIds(t, inst, A.token) };
const purposes = json<{ id: number; title: string }[]>(
  await t.call('GET', `/api/institutions/${inst}/consentPurposes`, { token: A.token }),
);
const P = (title: string) => purposes.find((p) => p.title === title)!.id;
const FR = P('Future research');
const GEN = P('Genetic research');
const COM = P('Commercial use');

type Rec = Record<string, unknown> & { id: number };
type Signed = Rec & { purposes: { id: number; title: string; granted: boolean }[]; inForce: boolean };
type Problem = { code?: string; title: string; errors?: Record<string, string[]> };

/** A distribution protocol needing `purposeIds`, and its eligibility count. */
async function study(purposeIds: number[]) {
  const res = await t.call('POST', `/api/institutions/${inst}/distributionProtocols`, {
    token: A.token,
    body: {
      title: `Study ${purposeIds.join('+')}`,
      principalInvestigatorId: A.account.id,
      institutionName: 'University',
      ethicsApprovalNumber: 'IRB-1',
      purposeIds,
    },
  });
  expect(res.statusCode, res.body).toBe(201);
  const id = json<Rec>(res).id;
  return async () => {
    const r = await t.call('GET', `/api/institutions/${inst}/distributionProtocols/${id}/eligibility-count`, {
      token: A.token,
    });
    expect(r.statusCode, r.body).toBe(200);
    return json<{ count: number }>(r).count;
  };
}

/** A protocol with a consent granting FR and GEN, one enrolled donor, and helpers to sign and withdraw. */
async function donor(existingPatientId?: number) {
  const set = await sampleSetUp(t, A.institution, A.token, refs);
  // Another protocol of a donor already enrolled elsewhere: enrol that patient here too, collect from them.
  const w = existingPatientId
    ? {
        ...set,
        enrolment: json<Rec[]>(
          await t.call('POST', `${set.base}/collectionProtocolParticipants`, {
            token: A.token,
            body: { PatientIds: [existingPatientId] },
          }),
        )[0],
        body: (over: Record<string, unknown> = {}) => set.body({ PatientId: existingPatientId, ...over }),
      }
    : set;
  const consent = json<Rec & { consentVersionId: number; purposes: { title: string }[] }>(
    await t.call('POST', `${w.base}/collectionProtocolConsents`, {
      token: A.token,
      body: { Title: 'Biobank consent', Consent: '<p>I agree.</p>', purposeIds: [GEN, FR] },
    }),
  );
  const signatures = `${w.base}/collectionProtocolParticipantConsents`;
  const sign = (over: Record<string, unknown> = {}, headers?: Record<string, string>) =>
    t.call('POST', signatures, {
      token: A.token,
      headers,
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
      body: { WithdrawnDate: day, Reason: 'Changed mind', Effect: 'stop_use' },
    });
  const sample = async (over: Record<string, unknown> = {}) => {
    const res = await t.call('POST', w.api(), { token: A.token, body: w.body(over) });
    if (res.statusCode !== 201) throw new Error(res.body);
    return json<Rec>(res);
  };
  return { ...w, consent, signatures, sign, withdraw, sample };
}
/**
 * The reference: the rule computed from the signatures as they are (the reading eligibility made before it was
 * stored, issue 32 item 4), for every enabled sample of the institution and a purpose set: the sample's donor has no
 * withdrawal in force and no re-consent in force keeping it blocked, its enrolment a signature in force, and each
 * purpose is granted by a signature in force of its enrolment.
 */
const inForce = (c: string) =>
  sql.raw(`${c}.withdrawn_date is null and not exists(select 1 from collection_protocol_participant_consents n
    where n.previous_signature_id = ${c}.id)`);
function computedEligible(purposeIds: number[]) {
  const grants = purposeIds.map(
    (id) => sql` and exists(select 1 from participant_consent_purposes g
      join collection_protocol_participant_consents c on c.id = g.participant_consent_id
      where g.purpose_id = ${id}::int and g.granted and c.participant_id = s.participant_id and ${inForce('c')})`,
  );
  return sql`select s.id from collected_samples s where s.institution_id = ${inst}::int and s.is_enabled
    and not exists(select 1 from collection_protocol_participant_consents c where c.patient_id = s.patient_id
      and (c.withdrawn_date is not null or (c.earlier_samples = 'keep_blocked'
        and (s.collected_date + s.collected_time::time) < c.covers_samples_from))
      and not exists(select 1 from collection_protocol_participant_consents n where n.previous_signature_id = c.id))
    and exists(select 1 from collection_protocol_participant_consents c
      where c.participant_id = s.participant_id and ${inForce('c')})${sql.join(grants, sql``)}`;
}
const idsOf = async (q: ReturnType<typeof sql>) =>
  (await rowsOf<{ id: number }>(t.db, sql`select x.id from (${q}) x(id) order by 1`)).map((r) => Number(r.id));

/** The stored purposes (participant_purposes_now, kept by triggers) decide exactly as the signatures do. */
async function expectStoredAsComputed() {
  const sets = [[], [FR], [GEN], [COM], [FR, GEN], [FR, GEN, COM]];
  for (const set of sets)
    expect(await idsOf(eligibleSamples(inst, set)), `purposes ${set.join('+')}`).toEqual(
      await idsOf(computedEligible(set)),
    );
  // And the rows themselves: one per enrolment with a signature in force of a donor without withdrawal in force.
  const stored = await rowsOf<{ participant_id: number; purpose_ids: number[] }>(
    t.db,
    sql`select participant_id, purpose_ids from participant_purposes_now order by 1`,
  );
  const expected = await rowsOf<{ participant_id: number; purpose_ids: number[] }>(
    t.db,
    sql`select e.id as participant_id, array(select distinct g.purpose_id from participant_consent_purposes g
        join collection_protocol_participant_consents c on c.id = g.participant_consent_id
        where g.granted and c.participant_id = e.id and ${inForce('c')} order by 1) as purpose_ids
      from collection_protocol_participants e
      where exists(select 1 from collection_protocol_participant_consents c where c.participant_id = e.id and ${inForce('c')})
        and not exists(select 1 from collection_protocol_participant_consents c where c.patient_id = e.patient_id
          and c.withdrawn_date is not null
          and not exists(select 1 from collection_protocol_participant_consents n where n.previous_signature_id = c.id))
      order by 1`,
  );
  expect(stored.map((r) => [Number(r.participant_id), r.purpose_ids.map(Number)])).toEqual(
    expected.map((r) => [Number(r.participant_id), r.purpose_ids.map(Number)]),
  );
}

const choices = (granted: Record<number, boolean>) =>
  Object.entries(granted).map(([purposeId, g]) => ({ purposeId: Number(purposeId), granted: g }));

describe('consent purposes', () => {
  it('a consent version declares its purposes; a signed version keeps them (an edit makes a new version)', async () => {
    const d = await donor();
    expect(d.consent.purposes.map((p) => p.title)).toEqual(['Future research', 'Genetic research']);
    const consentUrl = `${d.base}/collectionProtocolConsents/${d.consent.id}`;
    const current = json<Rec & { concurrencyStamp: string }>(await t.call('GET', consentUrl, { token: A.token }));
    // Unsigned: edited in place. The spec's body (no purposeIds) keeps them.
    const kept = await t.call('PUT', consentUrl, {
      token: A.token,
      body: { Title: 'Biobank consent', Consent: '<p>I agree.</p>', ConcurrencyStamp: current.concurrencyStamp },
    });
    expect(json<{ purposes: unknown[]; version: number }>(kept)).toMatchObject({ version: 1 });
    expect(json<{ purposes: unknown[] }>(kept).purposes).toHaveLength(2);
    expect((await d.sign({ purposes: choices({ [FR]: true, [GEN]: true }) })).statusCode).toBe(201);
    const changed = await t.call('PUT', consentUrl, {
      token: A.token,
      body: {
        Title: 'Biobank consent',
        Consent: '<p>I agree.</p>',
        purposeIds: [FR, GEN, COM],
        ConcurrencyStamp: json<{ concurrencyStamp: string }>(kept).concurrencyStamp,
      },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(json<{ version: number; purposes: unknown[] }>(changed)).toMatchObject({ version: 2 });
    const versions = json<{ version: number; purposes: { title: string }[] }[]>(
      await t.call('GET', `${consentUrl}/versions`, { token: A.token }),
    );
    expect(versions.map((v) => [v.version, v.purposes.length])).toEqual([
      [2, 3],
      [1, 2],
    ]);
    const foreign = await t.call('POST', `${d.base}/collectionProtocolConsents`, {
      token: A.token,
      body: { Title: 'Other', purposeIds: [2_000_000_000] },
    });
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(json<Problem>(foreign).errors ?? {})).toContain('purposeIds');
  });

  it('a signature records the yes or no for each purpose; the spec call without choices grants none', async () => {
    const d = await donor();
    const refused = await d.sign({ purposes: choices({ [FR]: true }) });
    expect(refused.statusCode).toBe(400);
    expect(json<Problem>(refused)).toMatchObject({ code: 'protocols.purpose_choices' });
    expect(json<Problem>(refused).title).toContain('Future research, Genetic research');
    // The purposes are named in the reader's language, in the order people read them there.
    const enFrancais = await d.sign({ purposes: choices({ [FR]: true }) }, { 'accept-language': 'fr' });
    expect(json<Problem>(enFrancais).title).toContain('(Recherche future, Recherche génétique)');
    const extra = await d.sign({ purposes: choices({ [FR]: true, [GEN]: true, [COM]: true }) });
    expect(extra.statusCode).toBe(400);
    const signed = await d.sign({ purposes: choices({ [FR]: true, [GEN]: false }) });
    expect(signed.statusCode, signed.body).toBe(201);
    expect(json<Signed>(signed).purposes).toEqual([
      { id: FR, title: 'Future research', granted: true },
      { id: GEN, title: 'Genetic research', granted: false },
    ]);
    expect(json<Signed>(signed).inForce).toBe(true);
    const [audit] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'collectionProtocolParticipantConsent'),
          eq(auditEvents.entityId, String(json<Signed>(signed).id)),
        ),
      );
    expect(audit.after).toMatchObject({ purposesGranted: [FR], purposesRefused: [GEN] });

    const e = await donor();
    const spec = await e.sign();
    expect(spec.statusCode, spec.body).toBe(201);
    expect(json<Signed>(spec).purposes.map((p) => p.granted)).toEqual([false, false]);
  });
});

describe('eligibility for a distribution protocol', () => {
  it('granted: counted; withdrawn: not counted at once; re-consented without a purpose: not counted; with it: counted again', async () => {
    await at('2026-11-20T09:00:00Z');
    const needsBoth = await study([FR, GEN]);
    const needsFr = await study([FR]);
    const needsCom = await study([COM]);
    const needsNothing = await study([]);
    expect(await needsBoth()).toBe(0);

    const d = await donor();
    await d.sample({ CollectedDate: '2026-11-20', CollectedTime: '08:00' });
    // Collected, not yet consented: eligible for nothing.
    expect([await needsBoth(), await needsNothing()]).toEqual([0, 0]);
    const first = json<Signed>(await d.sign({ purposes: choices({ [FR]: true, [GEN]: true }) }));
    expect([await needsBoth(), await needsFr(), await needsCom(), await needsNothing()]).toEqual([1, 1, 0, 1]);
    await expectStoredAsComputed();
    // A second donor who said no to genetic research.
    const e = await donor();
    await e.sample({ CollectedDate: '2026-11-20', CollectedTime: '08:00' });
    await e.sample({ CollectedDate: '2026-11-20', CollectedTime: '08:30' });
    expect((await e.sign({ purposes: choices({ [FR]: true, [GEN]: false }) })).statusCode).toBe(201);
    expect([await needsBoth(), await needsFr()]).toEqual([1, 3]);
    await expectStoredAsComputed();

    await at('2026-11-21T10:00:00Z');
    expect((await d.withdraw(first.id, '2026-11-21')).statusCode).toBe(200);
    expect([await needsBoth(), await needsFr(), await needsNothing()]).toEqual([0, 2, 2]);
    await expectStoredAsComputed();

    // Re-consent covering earlier samples, but no longer to genetic research: still out of needsBoth.
    await at('2026-11-22T10:00:00Z');
    const narrowed = await d.sign({ purposes: choices({ [FR]: true, [GEN]: false }), earlierSamples: 'covered' });
    expect(narrowed.statusCode, narrowed.body).toBe(201);
    expect([await needsBoth(), await needsFr()]).toEqual([0, 3]);
    await expectStoredAsComputed();
    await at('2026-11-23T10:00:00Z');
    expect((await d.withdraw(json<Signed>(narrowed).id, '2026-11-23')).statusCode).toBe(200);
    expect(await needsFr()).toBe(2);
    await expectStoredAsComputed();
    // Re-consent to both, keeping earlier samples blocked: the old sample stays out, a new one is in.
    await at('2026-11-24T10:00:00Z');
    const again = await d.sign({ purposes: choices({ [FR]: true, [GEN]: true }), earlierSamples: 'keep_blocked' });
    expect(again.statusCode, again.body).toBe(201);
    expect(await needsBoth()).toBe(0);
    await expectStoredAsComputed();
    await d.sample({ CollectedDate: '2026-11-24', CollectedTime: '11:00' });
    expect([await needsBoth(), await needsFr()]).toEqual([1, 3]);
    await expectStoredAsComputed();
    // The listed signatures say which one is in force.
    const listed = json<Signed[]>(
      await t.call('GET', `${d.signatures}?ParticipantId=${d.enrolment.id}`, { token: A.token }),
    );
    expect(listed.map((s) => s.inForce)).toEqual([false, false, true]);
  });

  it("a withdrawal in one protocol takes the donor's samples of another protocol out; the stored rows follow", async () => {
    await at('2026-11-25T09:00:00Z');
    const needsFr = await study([FR]);
    const d = await donor();
    const other = await donor(Number(d.patient.id));
    await other.sample({ CollectedDate: '2026-11-25', CollectedTime: '08:00' });
    const first = json<Signed>(await d.sign({ purposes: choices({ [FR]: true, [GEN]: true }) }));
    expect((await other.sign({ purposes: choices({ [FR]: true, [GEN]: false }) })).statusCode).toBe(201);
    const before = await needsFr();
    await expectStoredAsComputed();
    await at('2026-11-26T10:00:00Z');
    expect((await d.withdraw(first.id, '2026-11-26')).statusCode).toBe(200);
    expect(await needsFr()).toBe(before - 1);
    await expectStoredAsComputed();
  });
});
