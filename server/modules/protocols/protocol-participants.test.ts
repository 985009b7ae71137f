import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { testApp, json, pagination } from '../../test/harness';
import { signedIn } from '../../test/factories';
import { participant, referenceIds } from '../../test/participants-fixtures';
import { createProtocol, signaturePng } from '../../test/protocols-fixtures';
import { auditEvents } from '../../platform/audit.table';
import type { InstCtx } from '../../platform/context';
import { assertUsable } from './index';
import { participantConsents } from './protocols.table';

const t = await testApp();
// A fixed day inside the default protocol dates (2026-01-01 to 2099-12-31): enrolment checks them.
t.clock.now = new Date('2026-11-24T09:00:00Z');
const { institution, token, account } = await signedIn(t, ['Coordinator']);
const refs = await referenceIds(t, institution.id, token);
const protocol = await createProtocol(t, institution.id, token);
const api = (p: string, protocolId = protocol.id, inst = institution.id) =>
  `/api/institutions/${inst}/collectionProtocols/${protocolId}/${p}`;
type Rec = Record<string, unknown> & { id: number };

const patient = async (over: Record<string, unknown> = {}) => {
  const res = await t.call('POST', `/api/institutions/${institution.id}/patients/register`, {
    token,
    body: participant(refs, over),
  });
  if (res.statusCode !== 201) throw new Error(res.body);
  return json<Rec & { firstName: string; fatherName: string }>(res);
};
const enrol = (patientIds: number[], protocolId = protocol.id) =>
  t.call('POST', api('collectionProtocolParticipants', protocolId), { token, body: { PatientIds: patientIds } });
const consent = async (protocolId = protocol.id, html = '<h1>Consent</h1><p>I agree.</p>') =>
  json<Rec & { consentVersionId: number; concurrencyStamp: string; consent: string }>(
    await t.call('POST', api('collectionProtocolConsents', protocolId), {
      token,
      body: { Title: 'Main', Consent: html },
    }),
  );
const sign = (participantId: number, consentVersionId: number, signature = signaturePng().dataUrl) =>
  t.call('POST', api('collectionProtocolParticipantConsents'), {
    token,
    body: { ParticipantId: participantId, ConsentVersionId: consentVersionId, Signature: signature },
  });

describe('enrolment', () => {
  it('enrols a batch in one transaction, lists it paged with filters, and says when nothing is chosen', async () => {
    const a = await patient({
      FirstName: 'Hanna',
      ExternalSubjectId: 'EXT-100',
      phoneNumbers: [{ phoneNumberTypeId: refs.mobile, phoneNumber: '0911555111' }],
    });
    const b = await patient({ FirstName: 'Meron' });
    const p = await createProtocol(t, institution.id, token);
    const res = await enrol([a.id, b.id], p.id);
    expect(res.statusCode, res.body).toBe(201);
    expect(
      json<Rec[]>(res)
        .map((x) => x.patientId)
        .sort(),
    ).toEqual([a.id, b.id].sort());
    const list = await t.call('GET', api('collectionProtocolParticipants?PageSize=1', p.id), { token });
    expect(pagination(list)).toMatchObject({ TotalCount: 2, PageSize: 1 });
    expect(json<Rec[]>(list)[0]).toMatchObject({
      patient: { firstName: 'Meron', gender: { title: 'Female' } },
      hasWithdrawnConsent: false,
    });
    const ids = async (q: string) =>
      json<Rec[]>(await t.call('GET', api(`collectionProtocolParticipants?${q}`, p.id), { token })).map(
        (x) => x.patientId,
      );
    expect(await ids('ExternalSubjectID=ext-1')).toEqual([a.id]);
    expect(await ids('NameQuery=han%20tes')).toEqual([a.id]);
    expect(await ids('PhoneNumberQuery=0911555')).toEqual([a.id]);
    const none = await enrol([], p.id);
    expect(json(none)).toMatchObject({
      status: 400,
      code: 'protocols.no_participants',
      title: 'Choose at least one participant to enrol.',
    });
  });

  it('refuses enrolling twice, naming the patient, and saves nothing of the batch', async () => {
    const a = await patient({ FirstName: 'Sara', FatherName: 'Abebe' });
    const b = await patient();
    const p = await createProtocol(t, institution.id, token);
    expect((await enrol([a.id], p.id)).statusCode).toBe(201);
    const again = await enrol([b.id, a.id], p.id);
    expect(again.statusCode).toBe(409);
    expect(json(again)).toMatchObject({
      code: 'protocols.already_enrolled',
      title: 'Sara Abebe is already enrolled in this protocol.',
    });
    expect(pagination(await t.call('GET', api('collectionProtocolParticipants', p.id), { token })).TotalCount).toBe(1);
    const foreign = await signedIn(t, ['Clinician']);
    const fr = await referenceIds(t, foreign.institution.id, foreign.token);
    const fp = json<Rec>(
      await t.call('POST', `/api/institutions/${foreign.institution.id}/patients/register`, {
        token: foreign.token,
        body: participant(fr),
      }),
    );
    expect((await enrol([fp.id], p.id)).statusCode).toBe(400);
  });

  it("asks for confirmation outside the protocol's dates, then enrols and notes it on the enrolment and its audit row", async () => {
    const p = await createProtocol(t, institution.id, token, {
      Title: 'Breast Cancer Screening',
      StartDate: '2026-01-01',
      EndDate: '2026-06-30',
    });
    const a = await patient();
    const b = await patient();
    const refused = await enrol([a.id, b.id], p.id);
    expect(refused.statusCode).toBe(409);
    expect(json(refused)).toMatchObject({
      code: 'protocols.outside_dates',
      title: 'Breast Cancer Screening runs from 2026-01-01 to 2026-06-30; today (2026-11-24) is outside it.',
    });
    expect(pagination(await t.call('GET', api('collectionProtocolParticipants', p.id), { token })).TotalCount).toBe(0);
    const notBool = await t.call('POST', api('collectionProtocolParticipants', p.id), {
      token,
      body: { PatientIds: [a.id], AcceptOutsideDates: 'maybe' },
    });
    expect(notBool.statusCode).toBe(400);
    const accepted = await t.call('POST', api('collectionProtocolParticipants', p.id), {
      token,
      body: { PatientIds: [a.id, b.id], AcceptOutsideDates: true },
    });
    expect(accepted.statusCode, accepted.body).toBe(201);
    const rows = json<Rec[]>(accepted);
    expect(rows.map((r) => r.enrolledOutsideDates)).toEqual([true, true]);
    expect(
      json(await t.call('GET', api(`collectionProtocolParticipants/${rows[0].id}`, p.id), { token })),
    ).toMatchObject({ enrolledOutsideDates: true });
    const [row] = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.entity, 'collectionProtocolParticipant'),
          eq(auditEvents.entityId, String(rows[0].id)),
          eq(auditEvents.action, 'create'),
        ),
      );
    expect(row.after).toMatchObject({
      enrolledOutsideDates: true,
      outsideDates: { enrolmentDay: '2026-11-24', startDate: '2026-01-01', endDate: '2026-06-30' },
    });
    // Before the start, and an open-ended protocol only by its start.
    const later = await createProtocol(t, institution.id, token, {
      Title: 'Cervical Study',
      StartDate: '2027-01-01',
      EndDate: null,
    });
    expect(json(await enrol([a.id], later.id)).title).toBe(
      'Cervical Study runs from 2027-01-01; today (2026-11-24) is outside it.',
    );
  });

  it('enrols inside the dates (and in a protocol without dates) without asking, not noted', async () => {
    const open = await createProtocol(t, institution.id, token, { StartDate: null, EndDate: null });
    const dated = await createProtocol(t, institution.id, token, { StartDate: '2026-11-24', EndDate: '2026-11-24' });
    for (const p of [open, dated]) {
      const res = await enrol([(await patient()).id], p.id);
      expect(res.statusCode, res.body).toBe(201);
      expect(json<Rec[]>(res)[0]).toMatchObject({ enrolledOutsideDates: false });
    }
  });

  it('disables a participant: their data stays, they leave the list', async () => {
    const a = await patient();
    const [cp] = json<Rec[]>(await enrol([a.id]));
    const off = await t.call('POST', api(`collectionProtocolParticipants/${cp.id}/disable`), { token });
    expect(json(off)).toMatchObject({ isEnabled: false, patientId: a.id });
    expect(
      json<Rec[]>(await t.call('GET', api('collectionProtocolParticipants'), { token })).map((x) => x.id),
    ).not.toContain(cp.id);
    expect((await t.call('GET', api(`collectionProtocolParticipants/${cp.id}`), { token })).statusCode).toBe(200);
    expect(json(await sign(cp.id, (await consent()).consentVersionId)).code).toBe('protocols.participant_disabled');
  });
});

describe('participant consents', () => {
  it('signs the exact version with a SHA-256 of text and image; a later edit makes a new version and the signature keeps its text', async () => {
    const a = await patient();
    const [cp] = json<Rec[]>(await enrol([a.id]));
    const c = await consent();
    const { png, dataUrl } = signaturePng({ filter: 1 });
    const res = await sign(cp.id, c.consentVersionId, dataUrl);
    expect(res.statusCode, res.body).toBe(201);
    const s = json<Rec & { sha256: string }>(res);
    expect(s).toMatchObject({
      participantId: cp.id,
      patientId: a.id,
      version: 1,
      consent: c.consent,
      signature: dataUrl,
      creatorAccount: { firstName: 'Test' },
      withdrawnDate: null,
    });
    expect(s.sha256).toBe(createHash('sha256').update(Buffer.from(c.consent, 'utf8')).update(png).digest('hex'));
    const edited = await t.call('PUT', api(`collectionProtocolConsents/${c.id}`), {
      token,
      body: { Title: 'Main', Consent: '<p>New text</p>', ConcurrencyStamp: c.concurrencyStamp },
    });
    expect(json(edited)).toMatchObject({ version: 2, consent: '<p>New text</p>', signatureCount: 1 });
    expect(json(await t.call('GET', api(`collectionProtocolParticipantConsents/${s.id}`), { token }))).toMatchObject({
      version: 1,
      consent: c.consent,
      sha256: s.sha256,
    });
    const versions = json<Rec[]>(await t.call('GET', api(`collectionProtocolConsents/${c.id}/versions`), { token }));
    expect(versions.map((v) => [v.version, v.signatureCount])).toEqual([
      [2, 0],
      [1, 1],
    ]);
    // The old version can no longer be signed; the same consent cannot be signed twice.
    const b = await patient();
    const [cp2] = json<Rec[]>(await enrol([b.id]));
    expect(json(await sign(cp2.id, c.consentVersionId)).code).toBe('protocols.not_current_version');
    expect(json(await sign(cp.id, json<{ consentVersionId: number }>(edited).consentVersionId)).code).toBe(
      'protocols.already_signed',
    );
    const list = json<Rec[]>(
      await t.call('GET', api(`collectionProtocolParticipantConsents?PatientId=${a.id}`), { token }),
    );
    expect(list.map((x) => x.id)).toEqual([s.id]);
  });

  it('refuses an empty, blank, non-PNG or oversize signature', async () => {
    const [cp] = json<Rec[]>(await enrol([(await patient()).id]));
    const c = await consent();
    expect(json(await sign(cp.id, c.consentVersionId, '')).errors).toEqual({ signature: ['*Required'] });
    expect(json(await sign(cp.id, c.consentVersionId, signaturePng({ ink: false }).dataUrl))).toMatchObject({
      code: 'protocols.signature_blank',
    });
    expect(json(await sign(cp.id, c.consentVersionId, 'data:image/png;base64,aGVsbG8='))).toMatchObject({
      code: 'protocols.signature_invalid',
    });
    expect(json(await sign(cp.id, c.consentVersionId, 'data:image/svg+xml;base64,PHN2Zz4='))).toMatchObject({
      code: 'protocols.signature_invalid',
    });
    const big = `data:image/png;base64,${Buffer.alloc(600 * 1024, 1).toString('base64')}`;
    expect((await sign(cp.id, c.consentVersionId, big)).statusCode).toBe(400);
    expect((await sign(cp.id, c.consentVersionId, signaturePng().png.toString('base64'))).statusCode).toBe(201);
  });

  it('withdraws with date, reason and effect; the participant is marked and assertUsable refuses', async () => {
    const a = await patient({ FirstName: 'Liya', FatherName: 'Girma' });
    const [cp] = json<Rec[]>(await enrol([a.id]));
    const s = json<Rec>(await sign(cp.id, (await consent()).consentVersionId));
    // assertUsable reads only the institution: the account needs no permission for it.
    const ctx: InstCtx = {
      db: t.db,
      institutionId: institution.id,
      address: '127.0.0.1',
      now: () => new Date(),
      account: {
        id: account.id,
        firstName: 'Test',
        lastName: 'Coordinator',
        email: account.email,
        userName: account.email,
        phoneNumber: null,
        language: null,
        isSuperAdmin: false,
        memberships: [],
        institutionIds: [institution.id],
        timeZones: new Map([[institution.id, 'UTC']]),
        sessionId: 0,
      },
    };
    await expect(assertUsable(ctx, { patientId: a.id })).resolves.toBeUndefined();
    const w = (body: unknown) =>
      t.call('POST', api(`collectionProtocolParticipantConsents/${s.id}/withdraw`), { token, body });
    expect(json(await w({ WithdrawnDate: '2026-01-01', Reason: 'x', Effect: 'erase' })).errors).toMatchObject({
      effect: ['Choose stop_use, keep_anonymised or destroy_samples'],
    });
    expect(json(await w({ WithdrawnDate: '2000-01-01', Reason: 'Moved away', Effect: 'stop_use' })).code).toBe(
      'protocols.withdrawal_before_signing',
    );
    const today = new Date().toISOString().slice(0, 10);
    const res = await w({ WithdrawnDate: today, Reason: 'Moved away', Effect: 'keep_anonymised' });
    expect(res.statusCode, res.body).toBe(200);
    expect(json(res)).toMatchObject({
      withdrawnDate: today,
      withdrawalReason: 'Moved away',
      withdrawalEffect: 'keep_anonymised',
    });
    expect(json(await w({ WithdrawnDate: today, Reason: 'again', Effect: 'stop_use' })).code).toBe(
      'protocols.already_withdrawn',
    );
    expect(json(await t.call('GET', api(`collectionProtocolParticipants/${cp.id}`), { token }))).toMatchObject({
      hasWithdrawnConsent: true,
    });
    const refused = await assertUsable(ctx, { patientId: a.id }).catch((e: unknown) => e);
    expect(refused).toMatchObject({
      status: 409,
      code: 'protocols.consent_withdrawn',
      title: `Liya Girma withdrew consent on ${today}: their samples may not be used further.`,
    });
    await expect(assertUsable(ctx, { participantId: cp.id })).rejects.toMatchObject({
      code: 'protocols.consent_withdrawn',
    });
    const rows = await t.db.select().from(participantConsents).where(eq(participantConsents.id, s.id));
    expect(rows[0].signature.length).toBeGreaterThan(10);
    const audits = await t.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.entity, 'collectionProtocolParticipantConsent'), eq(auditEvents.entityId, String(s.id))),
      )
      .orderBy(auditEvents.id);
    expect(audits.map((x) => x.action)).toEqual(['create', 'withdraw']);
    expect(JSON.stringify(audits[0].after)).not.toContain('signature');
  });

  describe("with the spec's body (spec 2 §3: PatientId, CollectionProtocolConsentId, Consent, Signature)", () => {
    const specSign = (body: Record<string, unknown>, protocolId = protocol.id) =>
      t.call('POST', api('collectionProtocolParticipantConsents', protocolId), { token, body });

    it("signs the current version for the patient's enrolment; the signature exists afterwards", async () => {
      const p = await createProtocol(t, institution.id, token);
      const a = await patient();
      const [cp] = json<Rec[]>(await enrol([a.id], p.id));
      const c = await consent(p.id, '<p>Spec consent</p>');
      const { png } = signaturePng();
      const res = await specSign(
        {
          InstitutionId: institution.id,
          CollectionProtocolId: p.id,
          CollectionProtocolConsentId: c.id,
          PatientId: a.id,
          Consent: c.consent,
          Signature: png.toString('base64'),
        },
        p.id,
      );
      expect(res.statusCode, res.body).toBe(201);
      expect(json(res)).toMatchObject({
        participantId: cp.id,
        patientId: a.id,
        consentId: c.id,
        consentVersionId: c.consentVersionId,
        version: 1,
        consent: '<p>Spec consent</p>',
      });
      const list = json<Rec[]>(
        await t.call('GET', api(`collectionProtocolParticipantConsents?PatientId=${a.id}`, p.id), { token }),
      );
      expect(list).toMatchObject([
        { id: json<Rec>(res).id, consentId: c.id, signature: `data:image/png;base64,${png.toString('base64')}` },
      ]);
    });

    it("refuses a Consent text that is not the current version's (409 naming it), and signs nothing", async () => {
      const p = await createProtocol(t, institution.id, token);
      const a = await patient();
      await enrol([a.id], p.id);
      const c = await consent(p.id, '<p>First text</p>');
      // Unsigned, the version is edited in place (docs/protocols.md): the first text is no longer current.
      const edited = json<{ consentVersionId: number }>(
        await t.call('PUT', api(`collectionProtocolConsents/${c.id}`, p.id), {
          token,
          body: { Title: 'Main', Consent: '<p>Second text</p>', ConcurrencyStamp: c.concurrencyStamp },
        }),
      );
      const body = {
        InstitutionId: institution.id,
        CollectionProtocolId: p.id,
        CollectionProtocolConsentId: c.id,
        PatientId: a.id,
        Signature: signaturePng().dataUrl,
      };
      const res = await specSign({ ...body, Consent: '<p>First text</p>' }, p.id);
      expect(res.statusCode).toBe(409);
      expect(json(res)).toMatchObject({
        code: 'protocols.consent_text_mismatch',
        title: `The consent text given is not the current text (version 1, ConsentVersionId ${edited.consentVersionId}): read the current version and sign it.`,
      });
      expect(
        json<Rec[]>(
          await t.call('GET', api(`collectionProtocolParticipantConsents?PatientId=${a.id}`, p.id), { token }),
        ),
      ).toEqual([]);
      expect(json(await specSign({ ...body, Consent: '<p>Second text</p>' }, p.id))).toMatchObject({
        version: 1,
        consentVersionId: edited.consentVersionId,
        consent: '<p>Second text</p>',
      });
    });

    it('a patient not enrolled in the protocol is 409 not_enrolled; an unknown consent is 404; neither id is 400', async () => {
      const p = await createProtocol(t, institution.id, token);
      const a = await patient();
      const c = await consent(p.id);
      const body = {
        InstitutionId: institution.id,
        CollectionProtocolId: p.id,
        CollectionProtocolConsentId: c.id,
        PatientId: a.id,
        Consent: c.consent,
        Signature: signaturePng().dataUrl,
      };
      expect(json(await specSign(body, p.id))).toMatchObject({
        status: 409,
        code: 'protocols.not_enrolled',
        title: 'This patient is not enrolled in this protocol: enrol them before signing a consent.',
      });
      await enrol([a.id], p.id);
      const other = await consent();
      expect((await specSign({ ...body, CollectionProtocolConsentId: other.id }, p.id)).statusCode).toBe(404);
      const none = await specSign({ Signature: signaturePng().dataUrl }, p.id);
      expect(json(none)).toMatchObject({
        status: 400,
        errors: {
          participantId: ['*Required (or PatientId)'],
          consentVersionId: ['*Required (or CollectionProtocolConsentId)'],
        },
      });
      expect((await specSign(body, p.id)).statusCode).toBe(201);
    });
  });

  it('keeps another institution out (404)', async () => {
    const other = await signedIn(t, ['Coordinator']);
    expect(
      (
        await t.call('GET', api('collectionProtocolParticipantConsents', protocol.id, other.institution.id), {
          token: other.token,
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await t.call('POST', api('collectionProtocolParticipants', protocol.id, other.institution.id), {
          token: other.token,
          body: { PatientIds: [1] },
        })
      ).statusCode,
    ).toBe(404);
  });
});
