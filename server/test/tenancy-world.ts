import { createAccount, login, signedIn, unique } from './factories';
import { json, type TestApp } from './harness';
import { labSetup } from './orders-fixtures';
import { participant } from './participants-fixtures';
import { protocolRefs, signaturePng } from './protocols-fixtures';
import { sampleSetUp } from './samples-fixtures';
import { storageChain, storageRefs, nodePath } from './storage-fixtures';
import { formsKit } from './forms-kit';
import { LOOKUPS } from '../../contract/lookups.registry';
import { anyRecord } from './lookup-samples';

type Rec = Record<string, unknown> & { id: number };

/**
 * Another institution with one record of (nearly) every kind, made through the API as its administrator:
 * lab configuration, a participant with MRN, race, ethnicity and phone, an order with results, a protocol
 * with site, event, requirement, consent, enrolment and signed consent, samples (and an aliquot), a storage
 * box with an allocated sample, a questionnaire with fields, options and a submission, a shipment to a
 * third institution, a saved import mapping, a trusted partner key, a record of every configuration list, and an account that belongs to it alone. `markers` are strings only its data contains.
 */
export async function otherInstitutionWorld(t: TestApp) {
  const B = await signedIn(t, ['Institution Administrator']);
  const C = await signedIn(t, ['Institution Administrator']);
  const inst = B.institution;
  const token = B.token;
  const call = async (method: string, url: string, body?: unknown, as = token) => {
    const res = await t.call(method, `/api/institutions/${inst.id}/${url}`, { token: as, body });
    if (res.statusCode >= 300) throw new Error(`tenancy world: ${method} ${url}: ${res.statusCode} ${res.body}`);
    return res.json() as Rec & Record<string, unknown>;
  };
  const lab = await labSetup(t, inst.id, token);
  const mrn = `TEN${Math.random().toString(36).slice(2, 9).toUpperCase()}`;
  const donor = await call(
    'POST',
    'patients/register',
    participant(lab.refs, {
      PatientMRN: mrn,
      races: [lab.refs.black],
      ethnicities: [lab.refs.notHispanic],
      phoneNumbers: [{ phoneNumberTypeId: lab.refs.mobile, phoneNumber: '+251911000777' }],
    }),
  );
  const [order] = json<Rec[]>(
    await t.call('POST', `/api/institutions/${inst.id}/LIMSOrders/place`, {
      token,
      body: { patientIds: [donor.id], priorityId: lab.priorityId, panelIds: [lab.panel.id] },
    }),
  );
  const s = await sampleSetUp(t, inst, token);
  const r = await protocolRefs(t, inst.id, token);
  const sample = await s.sample();
  const aliquot = await s.sub(sample);
  if (aliquot.statusCode !== 201) throw new Error(aliquot.body);
  const shipped = await s.sample();
  const protocolPath = `collectionProtocols/${s.protocol.id}`;
  await call(
    'POST',
    `${protocolPath}/collectionProtocolEvents/${s.event.id}/collectionProtocolEventSpecimenRequirements`,
    {
      Title: 'Whole blood',
      Code: 'WB',
      InitialQuantity: 10,
      UnitOfMeasurementId: r.unit('Millilitre'),
      SpecimenTypeId: r.types[0].id,
      AnatomicSiteId: r.blood,
      PathologicalStatusId: r.malignant,
      SpecimenCollectionProcedureId: r.venipuncture,
      items: [{ key: 'a', SubSampleLineageId: r.aliquot, SpecimenTypeId: r.types[0].id, InitialQuantity: 1 }],
    },
  );
  const consent = await call('POST', `${protocolPath}/collectionProtocolConsents`, {
    Title: 'Main',
    Consent: '<p>I agree</p>',
  });
  await call('POST', `${protocolPath}/collectionProtocolParticipantConsents`, {
    ParticipantId: s.enrolment.id,
    ConsentVersionId: consent.consentVersionId,
    Signature: signaturePng().dataUrl,
  });
  const sr = await storageRefs(t, inst.id, token);
  const chain = await storageChain(t, inst.id, token, sr);
  const boxUrl = nodePath(inst.id, chain.ids).replace(`/api/institutions/${inst.id}/`, '');
  const [position] = json<Rec[]>(
    await t.call('GET', `/api/institutions/${inst.id}/${boxUrl}/StorageContainerBoxPositions`, { token }),
  );
  await call('POST', `${boxUrl}/StorageContainerBoxPositions/${position.id}/StorageContainerBoxPositionOccupancies`, {
    CollectedSampleID: sample.id,
  });
  const k = await formsKit(t, inst.id, token);
  const form = await k.form(unique('Tenancy form'));
  const listField = await k.field(form.id, 'SL', { Options: [{ Value: 'Low' }, { Value: 'High' }] });
  const { patient: answering } = await k.enrolledPatient();
  const submitted = await k.submit({
    CollectionProtocolFormId: form.id,
    PatientId: answering.id,
    FormFields: [{ CollectionProtocolFormFieldId: listField.id, Value: 'Low' }],
  });
  if (submitted.statusCode !== 201) throw new Error(submitted.body);
  await call('POST', 'collectedSampleShipments', {
    Name: 'To the partner lab',
    TrackingNumber: 'TRK-TEN',
    TrackingURL: 'https://track.example/TRK-TEN',
    SendingInstitutionSiteId: inst.site.id,
    ReceivingInstitutionId: C.institution.id,
    ReceivingInstitutionSiteId: C.institution.site.id,
    CollectionProtocolId: s.protocol.id,
    CollectedSampleIds: [shipped.id],
  });
  // The screening-indicator definitions are seeded on their first read.
  await call('GET', 'indicators/cervical/definitions');
  // A saved import column mapping (issue 28 item 10).
  await call('POST', 'imports/participants/mappingTemplates', {
    name: `Mapping ${mrn}`,
    mapping: { [`Nombre ${mrn}`]: 'firstName' },
  });
  // One record of every configuration list (the seed fills most; locations and comment types are made here).
  for (const l of LOOKUPS) await anyRecord(t, inst.id, token, l.key);
  const email = `${unique('only-b').replace(/\W/g, '')}@tenancy.test`.toLowerCase();
  await createAccount(t, { roles: ['Technician'], institutionIds: [inst.id], email });
  // An invitation of B (issue 26): B created an account with the e-mail of C's administrator, whom B cannot see.
  const invited = await t.call('POST', '/api/users', {
    token,
    body: {
      FirstName: 'Invited',
      LastName: 'By B',
      Email: C.account.email,
      Password: 'Invitation-Only-26',
      ConfirmPassword: 'Invitation-Only-26',
      PhoneNumber: '+251911000778',
      Roles: ['Technician'],
      InstitutionId: inst.id,
    },
  });
  if (invited.statusCode !== 201) throw new Error(`tenancy world: invitation: ${invited.statusCode} ${invited.body}`);
  // A trusted partner key (issue 31): B trusts C's public key file; its fingerprint is in B's data only.
  const keyFile = await t.call('GET', `/api/institutions/${C.institution.id}/signingKeys/public-keys.json`, {
    token: C.token,
  });
  const partnerKey = (keyFile.json() as { keys: { keyId: string }[] }).keys[0].keyId;
  await call('POST', 'trustedPartners', keyFile.json());
  // A distribution protocol (issue 32) needing one of B's consent purposes, with its ethics document.
  const purposes = json<Rec[]>(await t.call('GET', `/api/institutions/${inst.id}/consentPurposes`, { token }));
  const study = await call('POST', 'distributionProtocols', {
    title: `Study ${mrn}`,
    principalInvestigatorId: B.account.id,
    institutionName: 'Tenancy University',
    ethicsApprovalNumber: `IRB-${mrn}`,
    purposeIds: [purposes[0].id],
    approverIds: [B.account.id],
  });
  await t.call('PUT', `/api/institutions/${inst.id}/distributionProtocols/${study.id}/ethicsDocument`, {
    token,
    body: {
      fileName: 'approval.pdf',
      contentType: 'application/pdf',
      data: Buffer.from('%PDF-1.4 B').toString('base64'),
    },
  });
  // A saved query of the query builder (issue 32 item 4).
  await call('POST', 'savedQueries', {
    name: `Query ${mrn}`,
    criteria: { op: 'and', items: [{ field: 'consentPurposes', ids: [purposes[0].id] }] },
    distributionProtocolId: study.id,
  });
  // A research request (issue 32 item 5) under a protocol needing no purpose (B's signed donor is eligible),
  // approved by another administrator of B (no one approves their own request), with B's sample reserved for it.
  const approver = await createAccount(t, { roles: ['Institution Administrator'], institutionIds: [inst.id] });
  const open = await call('POST', 'distributionProtocols', {
    title: `Open study ${mrn}`,
    principalInvestigatorId: B.account.id,
    institutionName: 'Tenancy University',
    ethicsApprovalNumber: `IRB2-${mrn}`,
    approverIds: [approver.id],
  });
  const request = await call('POST', 'researchRequests', {
    distributionProtocolId: open.id,
    title: `Request ${mrn}`,
    lines: [{ specimenTypeId: r.types[0].id, count: 1 }],
  });
  const asked = await call('POST', `researchRequests/${request.id}/submit`, {
    concurrencyStamp: request.concurrencyStamp,
  });
  const approved = await call(
    'POST',
    `researchRequests/${request.id}/approve`,
    { concurrencyStamp: asked.concurrencyStamp },
    await login(t, approver.email),
  );
  await call('POST', `researchRequests/${request.id}/items`, {
    concurrencyStamp: approved.concurrencyStamp,
    picks: [{ collectedSampleId: sample.id, amount: 1 }],
  });
  return {
    institution: inst,
    /** Strings only B's records contain: a 2xx body of A holding one is a leak. */
    markers: [
      inst.title,
      mrn,
      email,
      sample.sampleId,
      `Mapping ${mrn}`,
      partnerKey,
      `Study ${mrn}`,
      `Query ${mrn}`,
      `Request ${mrn}`,
    ],
    orderId: order.id,
  };
}
