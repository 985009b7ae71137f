import { signaturePng } from '../server/test/protocols-fixtures';
import { expect, test } from './fixtures';
import { expectNoAxeViolationsAtBothWidths } from './support/axe';
import { centralBiobank, createAccount, unique, type Rec } from './support/data';
import { collectingProtocol } from './support/protocols';
import { choose, openScreen, signedInAs } from './support/ui';

// Issue 32 item 3 (docs/research.md "Catalogue"): a Researcher opens the Catalogue, picks a distribution protocol
// and sees how many eligible samples there are by group, small groups as '< 5', never a sample or a donor.

test('a Researcher picks a distribution protocol and sees the eligible samples counted, small groups as "< 5"', async ({
  page,
  api,
  admin,
  shot,
}) => {
  test.slow(); // thirteen samples through the API and a page at two widths on a busy 2-core machine
  const b = await centralBiobank(api, admin);
  const u = unique();
  // A purpose of its own, so that only this donor's samples are eligible for the study whatever else the run made.
  const purpose = await b.call('POST', 'consentPurposes', {
    title: `Catalogue use ${u}`,
    abbreviation: `CU${u.slice(0, 4)}`,
    description: 'Used by the catalogue e2e test',
  });
  const w = await collectingProtocol(b);
  const base = `collectionProtocols/${w.protocol.id}`;
  const consent = await b.call<Rec & { consentVersionId: number }>('POST', `${base}/collectionProtocolConsents`, {
    title: `Catalogue consent ${u}`,
    consent: '<p>My samples may be used in research.</p>',
    purposeIds: [purpose.id],
  });
  await b.call('POST', `${base}/collectionProtocolParticipantConsents`, {
    participantId: w.enrolment.id,
    consentVersionId: consent.consentVersionId,
    signature: signaturePng().dataUrl,
    purposes: [{ purposeId: purpose.id, granted: true }],
  });
  const types = await b.ids('specimenTypes');
  const collect = async (type: string, n: number) => {
    for (let i = 0; i < n; i++)
      await b.call('POST', `${base}/collectedSamples`, {
        patientId: w.patient.id,
        institutionSiteId: w.event.institutionSiteId,
        collectionProtocolEventId: w.event.id,
        specimenTypeId: types.get(type),
        collectedAmount: 6,
        unitOfMeasurementId: w.ml,
        collectedDate: new Date().toISOString().slice(0, 10),
        collectedTime: '00:00',
      });
  };
  await collect('Whole Blood', 6);
  await collect('Serum', 5);
  await collect('Plasma', 2);
  const study = `Catalogue study ${u}`;
  await b.call('POST', 'distributionProtocols', {
    title: study,
    principalInvestigatorId: (await createAccount(b, { role: 'Researcher' })).id,
    institutionName: 'Addis Ababa University',
    ethicsApprovalNumber: `IRB-${u}`,
    purposeIds: [purpose.id],
  });
  const researcher = await createAccount(b, { role: 'Researcher', firstName: 'Hana', lastName: `Reader${u}` });
  // The donor answered the protocol's questionnaire; an administrator shares it with the catalogue in the form editor.
  const form = await b.call('POST', `${base}/collectionProtocolForms`, {
    name: `Lifestyle ${u}`,
    description: 'Habits',
  });
  const listKind = (await b.list('dataTypes')).find((d) => d.abbreviation === 'RL')!.id;
  const smoker = await b.call('POST', `${base}/collectionProtocolForms/${form.id}/collectionProtocolFormFields`, {
    dataTypeId: listKind,
    prompt: 'Do you smoke?',
    responseTitle: 'Smoker',
    options: [{ value: 'Yes' }, { value: 'No' }],
  });
  await b.call('POST', 'submittedCollectionProtocolForms', {
    institutionSiteId: w.event.institutionSiteId,
    collectionProtocolFormId: form.id,
    patientId: w.patient.id,
    formFields: [{ collectionProtocolFormFieldId: smoker.id, value: 'Yes' }],
  });
  await signedInAs(
    page,
    admin,
    'Central Biobank',
    `/collection-protocols/${w.protocol.id}/collectio-protocol-forms/${form.id}`,
  );
  const share = page.getByRole('switch', { name: 'Count its list answers in the research catalogue' });
  await expect(share).not.toBeChecked();
  await share.click();
  await expect(share).toBeChecked();
  await expect(share).toBeEnabled();
  await shot('catalogue-share-switch');

  await signedInAs(page, researcher);
  await openScreen(page, 'Catalogue');
  await choose(page, page.getByRole('main'), 'Distribution protocol', study);

  const types$ = page.getByRole('table', { name: 'Specimen type' });
  await expect(types$.getByRole('row', { name: /Whole Blood/ })).toContainText('6');
  // Plasma (2) reads '< 5'; Serum (5) is withheld: 13 - 6 - 5 would give the 2 away.
  await expect(types$.getByRole('row', { name: /Plasma/ })).toContainText('< 5');
  await expect(types$.getByRole('row', { name: /Serum/ })).toContainText('withheld');
  await expect(types$.getByRole('row', { name: /Shown/ })).toContainText('6');
  const storage = page.getByRole('table', { name: 'Storage state' });
  await expect(storage.getByRole('row', { name: /Not stored/ })).toContainText('13');
  const smokers = page.getByRole('table', { name: 'Do you smoke?' });
  await expect(smokers.getByRole('row', { name: /Yes/ })).toContainText('13');
  // No donor and no sample ID anywhere on the page.
  await expect(page.getByRole('main')).not.toContainText(w.mrn);
  await expect(page.getByRole('main')).not.toContainText(`Fa${w.u}`);
  await shot('catalogue');
  await expectNoAxeViolationsAtBothWidths(page, 'catalogue', types$);
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(types$).toBeVisible();
  await shot('catalogue-phone');
});
