import { readFile } from 'node:fs/promises';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { expectNoAxeViolations } from './support/axe';
import { centralBiobank, registerParticipant, unique } from './support/data';
import { collectedSampleByApi } from './support/protocols';
import { signedInAs } from './support/ui';

/** Clicks Export FHIR and reads the downloaded file as JSON. */
async function exportFhir(page: Page) {
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Export FHIR' }).click(),
  ]);
  return {
    name: download.suggestedFilename(),
    bundle: JSON.parse(await readFile(await download.path(), 'utf8')) as {
      resourceType: string;
      type: string;
      entry: { fullUrl: string; resource: { resourceType: string; identifier?: { value: string }[] } }[];
    },
  };
}

test.describe('FHIR export (issue 17)', () => {
  test('Export FHIR on the participant page and on the protocol overview downloads a FHIR Bundle', async ({
    page,
    api,
    admin,
    shot,
  }) => {
    const b = await centralBiobank(api, admin);
    const mrn = `FH${unique()}`.toUpperCase();
    const p = await registerParticipant(b, { mrn, firstName: 'Hirut' });
    // A protocol with this participant enrolled and a sample collected from them.
    const sample = await collectedSampleByApi(b, p.id);
    const protocolId = Number(sample.collectionProtocolId);
    const [enrolment] = await b.list(`collectionProtocols/${protocolId}/collectionProtocolParticipants`);

    await signedInAs(
      page,
      admin,
      'Central Biobank',
      `/collection-protocols/${protocolId}/participants/${enrolment.id}/participant-overview`,
    );
    await expect(page.getByRole('heading', { name: `Participant: Hirut ${p.fatherName}` })).toBeVisible();
    const button = page.getByRole('button', { name: 'Export FHIR' });
    await expect(button).toBeVisible();
    await shot('fhir-export-participant');
    await expectNoAxeViolations(page, 'participant overview with Export FHIR');
    const participant = await exportFhir(page);
    expect(participant.name).toBe(`participant-${p.id}.fhir.json`);
    expect(participant.bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
    const patient = participant.bundle.entry.find((e) => e.resource.resourceType === 'Patient')!;
    expect(patient.resource.identifier?.map((i) => i.value)).toContain(mrn);
    const specimen = participant.bundle.entry.find((e) => e.resource.resourceType === 'Specimen')!;
    expect(specimen.resource.identifier?.[0].value).toBe(sample.sampleId);

    await page.goto(`/collection-protocols/${protocolId}/overview`);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Export FHIR' })).toBeVisible();
    await shot('fhir-export-protocol');
    const study = await exportFhir(page);
    expect(study.bundle.resourceType).toBe('Bundle');
    expect(study.bundle.entry.map((e) => e.resource.resourceType)).toEqual(
      expect.arrayContaining(['ResearchStudy', 'ResearchSubject', 'Patient', 'Specimen']),
    );
  });
});
