import { describe, expect, it } from 'vitest';
import type { Bundle, Resource } from '@medplum/fhirtypes';
import { definitionsLoadMs, fhirIssues, validate } from './fhir-validate';

// The tests' FHIR R4 validator (issue 31 item 7) refuses what the R4 standard refuses, layer by layer: each planted
// violation below is one the JSON schema alone let through, except where said. So a pass of the export, manifest and
// every other FHIR output in the tests means valid R4, not only well-formed JSON.

const patient = { resourceType: 'Patient', id: '1', gender: 'female' } satisfies Resource;
const collection = (entry: Bundle['entry'], over: Partial<Bundle> = {}): Bundle => ({
  resourceType: 'Bundle',
  type: 'collection',
  timestamp: '2026-11-28T10:00:00Z',
  entry,
  ...over,
});
const rest = (r: Resource & { id: string }) => ({
  fullUrl: `http://localhost/fhir/${r.resourceType}/${r.id}`,
  resource: r,
});
/** Untyped on purpose: a planted violation is not a valid value of its TypeScript type either. */
const planted = (r: object) => r as Resource;

describe('the FHIR R4 validator of the tests', () => {
  it('passes a valid bundle, and loads the R4 definitions once per worker', () => {
    validate(collection([rest(patient)]));
    expect(definitionsLoadMs()).toBeGreaterThan(0);
    console.info(`fhir-validate: R4 StructureDefinitions loaded in ${Math.round(definitionsLoadMs() ?? 0)} ms`);
  });

  it('refuses a collection bundle with a total: invariant bdl-1, named in the message', () => {
    const bad = collection([rest(patient)], { total: 1 });
    expect(fhirIssues(bad)).toEqual([expect.stringContaining('bdl-1')]);
    expect(() => validate(bad)).toThrow(/bdl-1/);
    // The same total on a search result is allowed.
    validate(collection([rest(patient)], { type: 'searchset', total: 1 }));
  });

  it('refuses other invariants of the R4 StructureDefinitions, inside a bundle entry too', () => {
    // que-6: a display item is neither required nor repeating.
    const q = planted({
      resourceType: 'Questionnaire',
      id: '2',
      status: 'active',
      item: [{ linkId: '1', type: 'display', text: 'Read this', required: true }],
    });
    expect(() => validate(q)).toThrow(/que-6/);
    expect(() =>
      validate(collection([rest(patient), { fullUrl: 'http://localhost/fhir/Questionnaire/2', resource: q }])),
    ).toThrow(/que-6/);
    // ppc-1: a Consent names a policy or a policy rule.
    expect(() =>
      validate(
        planted({
          resourceType: 'Consent',
          status: 'active',
          scope: { text: 'research' },
          category: [{ text: 'consent' }],
        }),
      ),
    ).toThrow(/ppc-1/);
    // ext-1: an extension has a value or extensions, not both.
    expect(() =>
      validate(
        planted({
          ...patient,
          extension: [{ url: 'urn:x', valueString: 'a', extension: [{ url: 'b', valueString: 'c' }] }],
        }),
      ),
    ).toThrow(/ext-1/);
    // bdl-7: fullUrls are unique.
    expect(() => validate(collection([rest(patient), rest(patient)]))).toThrow(/bdl-7/);
  });

  it('refuses a code outside a required binding: Patient.gender, a Coding and a CodeableConcept', () => {
    expect(fhirIssues(planted({ ...patient, gender: 'x' }))).toContainEqual(
      expect.stringMatching(/Patient\.gender: "x" is not in the required value set .*administrative-gender/),
    );
    // The JSON schema has no enumeration for a CodeableConcept: this one is the binding layer's alone.
    const condition = (code: string) =>
      planted({
        resourceType: 'Condition',
        subject: { reference: 'Patient/1' },
        clinicalStatus: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/condition-clinical', code }] },
      });
    validate(condition('active'));
    expect(() => validate(condition('gone'))).toThrow(/Condition\.clinicalStatus.*condition-clinical/);
    // A Coding of the right code from another system is not in the value set either.
    expect(() =>
      validate(
        planted({
          resourceType: 'Condition',
          subject: { reference: 'Patient/1' },
          clinicalStatus: { coding: [{ system: 'urn:other', code: 'active' }] },
        }),
      ),
    ).toThrow(/condition-clinical/);
  });

  it('refuses a code that its HL7 code system does not have, or a wrong display, whatever the binding strength', () => {
    const mr = (code: string, display: string) =>
      planted({
        ...patient,
        identifier: [
          {
            type: { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0203', code, display }] },
            value: 'M1',
          },
        ],
      });
    validate(mr('MR', 'Medical record number'));
    expect(() => validate(mr('MRX', 'Medical record number'))).toThrow(/MRX is no code of .*v2-0203/);
    expect(() => validate(mr('MR', 'Passport number'))).toThrow(/is not the display of .*v2-0203#MR/);
  });

  it('refuses an HL7 extension that R4 does not define, used out of its context, or with a value of another type', () => {
    const item = (extension: object[]) =>
      planted({
        resourceType: 'Questionnaire',
        status: 'active',
        item: [{ linkId: '1', type: 'string', text: 'Code', extension }],
      });
    const regex = 'http://hl7.org/fhir/StructureDefinition/regex';
    validate(item([{ url: regex, valueString: '[A-Z]{2}' }]));
    expect(() => validate(item([{ url: regex, valueInteger: 2 }]))).toThrow(/takes string, not valueInteger/);
    expect(() => validate(item([{ url: `${regex}-typo`, valueString: 'x' }]))).toThrow(/is no extension of FHIR R4/);
    expect(() => validate(planted({ ...patient, extension: [{ url: regex, valueString: 'x' }] }))).toThrow(
      /may not be used on Patient/,
    );
  });

  it('refuses primitives the spec refuses: a dateTime with a time but no zone (the JSON schema layer)', () => {
    expect(() => validate(planted({ ...patient, deceasedDateTime: '2026-03-14T09:30:00' }))).toThrow(
      /not valid FHIR R4/,
    );
    validate(planted({ ...patient, deceasedDateTime: '2026-03-14T09:30:00+03:00' }));
  });

  it('refuses a reference of a type the element does not allow, a urn:uuid reference that resolves to nothing or to the wrong type, and a fullUrl that disagrees with its id', () => {
    const specimen = (subject: string) =>
      planted({ resourceType: 'Specimen', id: '3', subject: { reference: subject } });
    expect(() => validate(specimen('Questionnaire/2'))).toThrow(/Invalid reference/);
    const uuid = 'urn:uuid:6b1f7a52-58d1-4c55-9c55-b7f2f1f1c1a1';
    const task = { fullUrl: uuid, resource: planted({ resourceType: 'Task', status: 'draft', intent: 'order' }) };
    expect(() =>
      validate(collection([{ fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000000', resource: specimen(uuid) }])),
    ).toThrow(/resolves to no entry/);
    expect(() =>
      validate(
        collection([task, { fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000001', resource: specimen(uuid) }]),
      ),
    ).toThrow(/refers to a Task/);
    validate(
      collection([
        { fullUrl: uuid, resource: patient },
        { fullUrl: 'urn:uuid:00000000-0000-4000-8000-000000000001', resource: specimen(uuid) },
      ]),
    );
    expect(() => validate(collection([{ fullUrl: 'http://localhost/fhir/Patient/2', resource: patient }]))).toThrow(
      /disagrees with the resource's Patient\/1/,
    );
  });

  it('validates a bundle of 100 entries in a fraction of a second (under 5 s on a loaded machine)', () => {
    const entries = Array.from({ length: 100 }, (_, i) =>
      rest({
        resourceType: 'Patient',
        id: String(i + 1),
        gender: 'male',
        identifier: [{ system: 'urn:x:mrn', value: `M${i}` }],
        name: [{ given: ['A', 'B'], family: 'C' }],
        telecom: [{ system: 'phone', value: '+251911223344', use: 'mobile' }],
      }),
    );
    const started = performance.now();
    validate(collection(entries));
    const ms = performance.now() - started;
    console.info(`fhir-validate: a bundle of 100 Patients validated in ${Math.round(ms)} ms`);
    expect(ms).toBeLessThan(5000);
  });
});
