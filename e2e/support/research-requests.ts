import { signaturePng } from '../../server/test/protocols-fixtures';
import { createAccount, unique, type Biobank, type Rec } from './data';
import { collectingProtocol } from './protocols';

/**
 * Everything a research request needs, through the API (issue 32 item 5): a consent purpose of its own (so only
 * this donor's samples are eligible whatever else the run made), a donor who granted it with two Whole Blood
 * samples of 6 mL, a Researcher, a Tissue Banker named as the protocol's approver (reviews and fulfils), and
 * the distribution protocol itself.
 */
export async function requestScene(b: Biobank) {
  const u = unique();
  const purpose = await b.call('POST', 'consentPurposes', {
    title: `Request use ${u}`,
    abbreviation: `RQ${u.slice(0, 4)}`,
    description: 'Used by the research requests e2e test',
  });
  const w = await collectingProtocol(b);
  const base = `collectionProtocols/${w.protocol.id}`;
  const consent = await b.call<Rec & { consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, {
    title: `Request consent ${u}`,
    consent: '<p>My samples may be given to approved research.</p>',
    purposeIds: [purpose.id],
  });
  await b.call('POST', `${base}/collectionProtocolParticipantConsents`, {
    participantId: w.enrolment.id,
    consentVersionId: consent.consentVersionId,
    signature: signaturePng().dataUrl,
    purposes: [{ purposeId: purpose.id, granted: true }],
  });
  const samples: string[] = [];
  for (let i = 0; i < 2; i++) {
    samples.push((await w.collect()).sampleId);
  }
  const researcher = await createAccount(b, { role: 'Researcher', firstName: 'Hana', lastName: `Asker${u}` });
  const banker = await createAccount(b, { role: 'Tissue Banker', firstName: 'Bekele', lastName: `Banker${u}` });
  const study = `Request study ${u}`;
  const protocol = await b.call('POST', 'distributionProtocols', {
    title: study,
    principalInvestigatorId: researcher.id,
    institutionName: 'Addis Ababa University',
    ethicsApprovalNumber: `IRB-R-${u}`,
    purposeIds: [purpose.id],
    approverIds: [banker.id],
  });
  return { ...w, u, study, protocol, samples, researcher, banker };
}

/** A session of one of the scene's accounts for API calls under the Central Biobank (e.g. another request's steps). */
export async function asAccount(b: Biobank, who: { email: string; password: string }) {
  const token = await b.api.session(who.email, who.password);
  return async <T = Rec>(method: string, p: string, body?: unknown) => {
    const res = await b.api.call<T>(method, `/institutions/${b.instId}/${p}`, token, body);
    if (res.status >= 300) throw new Error(`${method} ${p}: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body;
  };
}

/** A one-page PDF's bytes: enough for the agreement's upload (type and size are what the server checks). */
export const mtaPdf = () =>
  Buffer.from(
    '%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n' +
      '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n',
  );

type Scene = Awaited<ReturnType<typeof requestScene>>;
interface Req {
  id: number;
  concurrencyStamp: string;
  state: string;
}

/** A request of the scene's Researcher (one criterion: 1 Whole Blood sample of 2 mL), submitted through the API. */
export async function submittedRequest(b: Biobank, s: Scene, title: string) {
  const asResearcher = await asAccount(b, s.researcher);
  const draft = await asResearcher<Req>('POST', 'researchRequests', {
    distributionProtocolId: s.protocol.id,
    title,
    description: 'Plasma proteomics pilot.',
    lines: [{ specimenTypeId: s.blood, count: 1, amount: 2, unitId: s.ml }],
  });
  return asResearcher<Req>('POST', `researchRequests/${draft.id}/submit`, { concurrencyStamp: draft.concurrencyStamp });
}

/** The same request approved, its first suggested sample picked (2 mL) and the agreement filed: ready to distribute. */
export async function readyRequest(b: Biobank, s: Scene, title: string) {
  const asBanker = await asAccount(b, s.banker);
  const submitted = await submittedRequest(b, s, title);
  const path = `researchRequests/${submitted.id}`;
  const approved = await asBanker<Req>('POST', `${path}/approve`, { concurrencyStamp: submitted.concurrencyStamp });
  const [first] = await asBanker<{ collectedSampleId: number; sampleId: string }[]>('GET', `${path}/suggestions`);
  await asBanker<Req>('POST', `${path}/items`, {
    concurrencyStamp: approved.concurrencyStamp,
    picks: [{ collectedSampleId: first.collectedSampleId, amount: 2 }],
  });
  const filed = await asBanker<Req>('PUT', `${path}/mta`, {
    signedDate: '2026-11-02',
    fileName: 'mta.pdf',
    contentType: 'application/pdf',
    data: mtaPdf().toString('base64'),
  });
  return { ...filed, sampleId: first.sampleId, collectedSampleId: first.collectedSampleId };
}

/** The ready request handed over. */
export async function distributedRequest(b: Biobank, s: Scene, title: string) {
  const asBanker = await asAccount(b, s.banker);
  const ready = await readyRequest(b, s, title);
  const done = await asBanker<Req>('POST', `researchRequests/${ready.id}/distribute`, {
    concurrencyStamp: ready.concurrencyStamp,
    method: 'handover',
  });
  return { ...done, sampleId: ready.sampleId };
}
