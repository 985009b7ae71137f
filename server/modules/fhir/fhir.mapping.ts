import type {
  CodeableConcept,
  Consent,
  ConsentProvision,
  Extension,
  Identifier,
  Location,
  Observation,
  Patient,
  Quantity,
  Questionnaire,
  QuestionnaireItem,
  QuestionnaireResponse,
  QuestionnaireResponseItemAnswer,
  ResearchStudy,
  ResearchSubject,
  ServiceRequest,
  Specimen,
} from '@medplum/fhirtypes';
import type { ExportPatient } from '../participants';
import type { exportConsents, exportEnrolments, exportProtocols } from '../protocols';
import type { ExportAnswer, ExportField, exportForms, exportSubmissions } from '../forms';
import type { exportSamples } from '../samples';
import type { ExportNode } from '../storage';
import type { exportOrders, exportReleasedResults } from '../orders';
import type { FieldKind } from '../../../contract/forms.contract';

// Our records -> FHIR R4 resources (docs/fhir.md has the table). Pure functions: no database, no clock
// other than the `today` and time-zone rule the caller passes in.

type Row<F extends (...args: never[]) => Promise<unknown[]>> = Awaited<ReturnType<F>>[number];
export type ProtocolRow = Row<typeof exportProtocols>;
export type EnrolmentRow = Row<typeof exportEnrolments>;
export type ConsentRow = Row<typeof exportConsents>;
export type FormRow = Row<typeof exportForms>;
export type SubmissionRow = Row<typeof exportSubmissions>;
export type SampleRow = Row<typeof exportSamples>;
export type OrderRow = Row<typeof exportOrders>;
export type ResultRow = Row<typeof exportReleasedResults>;
export interface SamplePlace {
  boxId: number;
  positionCode: string;
  path: string;
}

/** What every mapping needs: the institution (identifier systems) and how to give a wall-clock time its zone. */
export interface MapCtx {
  institutionId: number;
  /** "+03:00" for a local date and time (stored without zone): the server's time zone on that day. */
  offsetOf: (date: string, time: string) => string;
}

const LOCAL = 'urn:biobank-lims';
/** A URN naming one kind of identifier of one institution (`urn:biobank-lims:institution:7:mrn`). */
export const systemOf = (ctx: MapCtx, kind: string) => `${LOCAL}:institution:${ctx.institutionId}:${kind}`;
export const extensionUrl = (name: string) => `${LOCAL}:fhir:StructureDefinition:${name}`;
/** Text as a FHIR code (no leading, trailing or doubled white space); `fallback` when nothing is left. */
export const fhirCode = (text: string, fallback = '-') => text.trim().replace(/\s+/g, ' ') || fallback;
const ref = (type: string, id: number | string, display?: string | null) => ({
  reference: `${type}/${id}`,
  ...(display ? { display } : {}),
});
const instant = (d: Date | string) => (d instanceof Date ? d : new Date(d)).toISOString();
const V2_0203 = 'http://terminology.hl7.org/CodeSystem/v2-0203';

/** Local wall-clock "YYYY-MM-DD" + "HH:mm[:ss]" as a FHIR dateTime (a time needs its zone). */
export function localDateTime(ctx: MapCtx, date: string, time: string | null | undefined): string {
  const t = /^([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d))?/.exec(time ?? '');
  if (!t) return date;
  return `${date}T${t[1]}:${t[2]}:${t[3] ?? '00'}${ctx.offsetOf(date, `${t[1]}:${t[2]}`)}`;
}

/** The server's UTC offset at a local date and time, as "+hh:mm" (the default `offsetOf`). */
export function serverOffset(date: string, time: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const [hh, mm] = time.split(':').map(Number);
  const minutes = -new Date(y, m - 1, d, hh, mm).getTimezoneOffset();
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}:${String(abs % 60).padStart(2, '0')}`;
}

const GENDER_BY_CODE: Record<string, Patient['gender']> = { f: 'female', m: 'male', o: 'other', u: 'unknown' };
const GENDER_BY_TITLE: Record<string, Patient['gender']> = {
  female: 'female',
  male: 'male',
  other: 'other',
  unknown: 'unknown',
};

/** The gender list's abbreviation (F/M/O/U) or title as FHIR's administrative gender; anything else is `unknown`. */
export function fhirGender(code: string | null, title: string | null): Patient['gender'] {
  return (
    GENDER_BY_CODE[(code ?? '').trim().toLowerCase()] ??
    GENDER_BY_TITLE[(title ?? '').trim().toLowerCase()] ??
    'unknown'
  );
}

function phoneUse(type: string | null, category: string | null): 'home' | 'work' | 'mobile' | undefined {
  const t = `${type ?? ''}`.toLowerCase();
  if (t.includes('mobile') || t.includes('cell')) return 'mobile';
  if (`${category ?? ''}`.toLowerCase().includes('work') || t.includes('office') || t.includes('work')) return 'work';
  if (t.includes('home')) return 'home';
  return undefined;
}
const isEmergency = (category: string | null) => /emergency/i.test(category ?? '');

export function toPatient(ctx: MapCtx, p: ExportPatient): Patient {
  const identifier: Identifier[] = p.mrns.map((m) => ({
    use: m.siteId === null ? 'official' : 'secondary',
    type: {
      coding: [{ system: V2_0203, code: 'MR', display: 'Medical record number' }],
      text: m.site ? `MRN (${m.site})` : 'MRN',
    },
    system: systemOf(ctx, m.siteId === null ? 'mrn' : `site:${m.siteId}:mrn`),
    value: m.mrn,
  }));
  if (p.externalSubjectId)
    identifier.push({
      use: 'secondary',
      type: { text: 'External subject ID' },
      system: systemOf(ctx, 'external-subject-id'),
      value: p.externalSubjectId,
    });
  const extension: Extension[] = [
    ...p.races.map((r) => ({ url: extensionUrl('race'), valueCodeableConcept: { text: r } })),
    ...p.ethnicities.map((e) => ({ url: extensionUrl('ethnicity'), valueCodeableConcept: { text: e } })),
  ];
  const own = p.phones.filter((ph) => !isEmergency(ph.category));
  const emergency = p.phones.filter((ph) => isEmergency(ph.category));
  return {
    resourceType: 'Patient',
    id: String(p.id),
    ...(extension.length ? { extension } : {}),
    ...(identifier.length ? { identifier } : {}),
    active: p.isEnabled,
    name: [
      {
        use: 'official',
        text: [p.firstName, p.fatherName, p.grandFatherName].filter(Boolean).join(' '),
        family: p.grandFatherName || undefined,
        given: [p.firstName, p.fatherName].filter(Boolean),
      },
    ],
    ...(own.length
      ? {
          telecom: own.map((ph) => ({
            system: 'phone' as const,
            value: ph.phoneNumber,
            ...(phoneUse(ph.type, ph.category) ? { use: phoneUse(ph.type, ph.category) } : {}),
          })),
        }
      : {}),
    gender: fhirGender(p.genderCode, p.gender),
    birthDate: p.birthDate,
    ...(p.deathDate ? { deceasedDateTime: p.deathDate } : {}),
    ...(emergency.length
      ? {
          contact: emergency.map((ph) => ({
            relationship: [{ text: ph.type ?? 'Emergency contact' }],
            telecom: [{ system: 'phone' as const, value: ph.phoneNumber }],
          })),
        }
      : {}),
  };
}

export function toResearchStudy(ctx: MapCtx, p: ProtocolRow, today: string): ResearchStudy {
  const ended = p.endDate !== null && p.endDate < today;
  return {
    resourceType: 'ResearchStudy',
    id: String(p.id),
    identifier: [{ use: 'official', system: systemOf(ctx, 'protocol-code'), value: p.code }],
    title: p.title,
    status: !p.isEnabled ? 'administratively-completed' : ended ? 'completed' : 'active',
    ...(p.startDate || p.endDate
      ? { period: { ...(p.startDate ? { start: p.startDate } : {}), ...(p.endDate ? { end: p.endDate } : {}) } }
      : {}),
    ...(p.abbreviation ? { keyword: [{ text: p.abbreviation }] } : {}),
  };
}

export function toResearchSubject(e: EnrolmentRow): ResearchSubject {
  return {
    resourceType: 'ResearchSubject',
    id: String(e.id),
    status: e.withdrawn ? 'withdrawn' : e.isEnabled ? 'on-study' : 'off-study',
    period: { start: instant(e.createdDate) },
    study: ref('ResearchStudy', e.protocolId),
    individual: ref('Patient', e.patientId),
    ...(e.latestConsentId ? { consent: ref('Consent', e.latestConsentId) } : {}),
  };
}

const OPT = 'http://terminology.hl7.org/CodeSystem/v3-ActCode';

export function toConsent(ctx: MapCtx, c: ConsentRow): Consent {
  const signed = instant(c.createdDate);
  const withdrawn = c.withdrawnDate !== null;
  // A withdrawn signature a re-consent followed ends when the new one was signed: the new Consent carries on.
  const ended = c.supersededAt ?? c.withdrawnDate;
  const purposes: ConsentProvision[] = c.purposes.map((p) => ({
    type: p.granted ? 'permit' : 'deny',
    purpose: [{ system: `${LOCAL}:consent-purpose`, code: String(p.id), display: p.title }],
  }));
  const withdrawal: ConsentProvision[] = withdrawn
    ? [
        {
          type: 'deny',
          period: { start: c.withdrawnDate! },
          code: [
            {
              coding: c.withdrawalEffect
                ? [{ system: `${LOCAL}:withdrawal-effect`, code: c.withdrawalEffect }]
                : undefined,
              text: c.withdrawalReason ?? 'Withdrawn',
            },
          ],
        },
      ]
    : [];
  return {
    resourceType: 'Consent',
    id: String(c.id),
    identifier: [{ system: systemOf(ctx, 'consent-sha256'), value: c.sha256 }],
    status: withdrawn || c.supersededAt ? 'inactive' : 'active',
    scope: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'research', display: 'Research' }],
    },
    category: [
      {
        coding: [{ system: 'http://loinc.org', code: '59284-0', display: 'Patient Consent' }],
        text: `${c.title} (version ${c.version})`,
      },
    ],
    patient: ref('Patient', c.patientId),
    dateTime: signed,
    sourceAttachment: {
      contentType: 'image/png',
      data: c.signature,
      title: `Signature: ${c.title} (version ${c.version})`,
      creation: signed,
    },
    policy: [{ uri: `ResearchStudy/${c.protocolId}` }],
    policyRule: { coding: [{ system: OPT, code: withdrawn ? 'OPTOUT' : 'OPTIN' }] },
    provision: {
      type: 'permit',
      period: { start: signed, ...(ended ? { end: ended } : {}) },
      ...(purposes.length || withdrawal.length ? { provision: [...purposes, ...withdrawal] } : {}),
    },
  };
}

/** Our form field types as FHIR item types (docs/forms.md lists ours). */
export const ITEM_TYPES: Record<FieldKind, QuestionnaireItem['type']> = {
  TB: 'string',
  TA: 'text',
  TP: 'time',
  DP: 'date',
  DTP: 'dateTime',
  CB: 'boolean',
  CBL: 'choice',
  RL: 'choice',
  SL: 'choice',
};
const questionnaireUrl = (ctx: MapCtx, formId: number) => systemOf(ctx, `questionnaire:${formId}`);
/** An option value as a Coding: the code is the value with its white space collapsed (a FHIR code allows single spaces). */
const optionCoding = (ctx: MapCtx, formId: number, fieldId: number, value: string) => ({
  system: `${questionnaireUrl(ctx, formId)}:field:${fieldId}`,
  code: fhirCode(value),
  display: value,
});

export function toQuestionnaire(ctx: MapCtx, f: FormRow): Questionnaire {
  const item = (x: ExportField): QuestionnaireItem => ({
    linkId: String(x.id),
    ...(x.name
      ? {
          code: [
            { system: `${questionnaireUrl(ctx, f.id)}:field`, code: fhirCode(x.name, String(x.id)), display: x.name },
          ],
        }
      : {}),
    text: x.prompt,
    type: ITEM_TYPES[x.kind],
    required: x.required,
    ...(x.kind === 'CBL' ? { repeats: true } : {}),
    ...(x.regularExpression && (x.kind === 'TB' || x.kind === 'TA')
      ? { extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/regex', valueString: x.regularExpression }] }
      : {}),
    ...(ITEM_TYPES[x.kind] === 'choice'
      ? { answerOption: x.options.map((o) => ({ valueCoding: optionCoding(ctx, f.id, x.id, o) })) }
      : {}),
  });
  return {
    resourceType: 'Questionnaire',
    id: String(f.id),
    url: questionnaireUrl(ctx, f.id),
    version: String(f.version),
    title: f.name,
    status: f.isEnabled ? 'active' : 'retired',
    subjectType: ['Patient'],
    date: instant(f.createdDate),
    ...(f.description ? { description: f.description } : {}),
    ...(f.fields.length ? { item: f.fields.map(item) } : {}),
  };
}

/** One stored answer as FHIR answers (a checkbox list gives one per chosen value; an unreadable one gives none). */
export function toAnswers(ctx: MapCtx, formId: number, a: ExportAnswer): QuestionnaireResponseItemAnswer[] {
  const v = a.value;
  // FHIR strings are never empty: an empty stored text is no answer.
  if (!v.trim()) return [];
  switch (a.kind) {
    case 'TB':
    case 'TA':
      return [{ valueString: v }];
    case 'TP':
      return [{ valueTime: `${v.slice(0, 5)}:00` }];
    case 'DP':
      return [{ valueDate: v }];
    case 'DTP': {
      const zoned = /(Z|[+-]\d\d:\d\d)$/.exec(v);
      const [date, rest = ''] = v.split('T');
      if (!zoned) return [{ valueDateTime: localDateTime(ctx, date, rest) }];
      const time = rest.slice(0, rest.length - zoned[1].length);
      return [{ valueDateTime: `${date}T${time.length === 5 ? `${time}:00` : time}${zoned[1]}` }];
    }
    case 'CB':
      return [{ valueBoolean: v === 'true' }];
    case 'CBL': {
      let list: unknown;
      try {
        list = JSON.parse(v);
      } catch {
        return [];
      }
      return Array.isArray(list)
        ? list
            .filter((x): x is string => typeof x === 'string')
            .map((x) => ({ valueCoding: optionCoding(ctx, formId, a.fieldId, x) }))
        : [];
    }
    case 'RL':
    case 'SL':
      return [{ valueCoding: optionCoding(ctx, formId, a.fieldId, v) }];
  }
  return [];
}

export function toQuestionnaireResponse(ctx: MapCtx, s: SubmissionRow): QuestionnaireResponse {
  const item = s.answers
    .map((a) => ({ linkId: String(a.fieldId), text: a.prompt, answer: toAnswers(ctx, s.formId, a) }))
    .filter((i) => i.answer.length);
  return {
    resourceType: 'QuestionnaireResponse',
    id: String(s.id),
    questionnaire: `${questionnaireUrl(ctx, s.formId)}|${s.version}`,
    status: s.isEnabled ? 'completed' : 'entered-in-error',
    subject: ref('Patient', s.patientId),
    authored: instant(s.createdDate),
    ...(item.length ? { item } : {}),
  };
}

const quantity = (value: number, symbol: string | null, name: string | null): Quantity => ({
  value,
  ...(symbol || name ? { unit: symbol || name! } : {}),
});

export function toSpecimen(ctx: MapCtx, s: SampleRow, place: SamplePlace | undefined): Specimen {
  return {
    resourceType: 'Specimen',
    id: String(s.id),
    identifier: [{ use: 'official', system: systemOf(ctx, 'sample-id'), value: s.sampleId }],
    status: s.isEnabled && s.remainingAmount > 0 ? 'available' : 'unavailable',
    type: {
      ...(s.specimenTypeCode
        ? {
            coding: [
              {
                system: systemOf(ctx, 'specimen-type'),
                code: fhirCode(s.specimenTypeCode),
                ...(s.specimenType ? { display: s.specimenType } : {}),
              },
            ],
          }
        : {}),
      ...(s.specimenType ? { text: s.specimenType } : {}),
    },
    ...(s.patientId === null ? {} : { subject: ref('Patient', s.patientId) }),
    ...(s.parentId ? { parent: [ref('Specimen', s.parentId, s.parentSampleId)] } : {}),
    collection: {
      collectedDateTime: localDateTime(ctx, s.collectedDate, s.collectedTime),
      quantity: quantity(s.collectedAmount, s.unitSymbol, s.unitName),
    },
    ...(s.kind !== 'primary'
      ? {
          processing: [
            {
              description:
                s.kind === 'aliquot'
                  ? `Aliquot of ${s.parentSampleId ?? 'its parent'}`
                  : `Derived from ${s.parentSampleId ?? 'its parent'}`,
            },
          ],
        }
      : {}),
    container: [
      {
        ...(place
          ? {
              extension: [
                { url: extensionUrl('storage-location'), valueReference: ref('Location', place.boxId, place.path) },
              ],
              identifier: [{ system: systemOf(ctx, `storage-box:${place.boxId}:position`), value: place.positionCode }],
              description: `${place.path} > ${place.positionCode}`,
            }
          : { description: 'Not in storage' }),
        specimenQuantity: quantity(s.remainingAmount, s.unitSymbol, s.unitName),
      },
    ],
  };
}

const LEVEL_TITLES = { container: 'Container', shelf: 'Shelf', rack: 'Rack', drawer: 'Drawer', box: 'Box' } as const;

export function toLocation(ctx: MapCtx, n: ExportNode): Location {
  return {
    resourceType: 'Location',
    id: String(n.id),
    ...(n.code ? { identifier: [{ system: systemOf(ctx, 'storage-code'), value: n.code }] } : {}),
    status: n.isEnabled ? 'active' : 'inactive',
    name: n.title,
    description:
      n.level === 'box'
        ? `Box of ${n.rows} x ${n.columns} positions`
        : `${LEVEL_TITLES[n.level]} (${n.rows} x ${n.columns})`,
    mode: 'instance',
    physicalType: {
      ...(n.level === 'container'
        ? {
            coding: [
              {
                system: 'http://terminology.hl7.org/CodeSystem/location-physical-type',
                code: 'ca',
                display: 'Cabinet',
              },
            ],
          }
        : {}),
      text: LEVEL_TITLES[n.level],
    },
    ...(n.parentId ? { partOf: ref('Location', n.parentId) } : {}),
  };
}

const PRIORITIES = ['routine', 'urgent', 'asap', 'stat'] as const;

/** The pseudonymous donor codes of received samples (docs/decisions/0014-received-samples.md): one system everywhere. */
export const DONOR_CODE_SYSTEM = 'urn:biobank-lims:donor-code';
/**
 * Who an order (and its results) is about: the participant, or on a received sample its donor code as a logical
 * reference (an identifier, no resource: the donor's identity never travels).
 */
const orderSubject = (o: OrderRow) =>
  o.patientId === null
    ? { type: 'Patient' as const, identifier: { system: DONOR_CODE_SYSTEM, value: o.donorCode ?? 'unknown' } }
    : ref('Patient', o.patientId);

export function toServiceRequest(ctx: MapCtx, o: OrderRow): ServiceRequest {
  const priority = PRIORITIES.find((p) => p === (o.priority ?? '').trim().toLowerCase());
  return {
    resourceType: 'ServiceRequest',
    id: String(o.id),
    identifier: [{ use: 'official', system: systemOf(ctx, 'order-sample-id'), value: o.sampleId }],
    status: !o.isEnabled ? 'revoked' : o.releaseRank === 2 ? 'completed' : 'active',
    intent: 'order',
    category: [{ coding: [{ system: 'http://snomed.info/sct', code: '108252007', display: 'Laboratory procedure' }] }],
    ...(priority ? { priority } : {}),
    code: { text: o.panelTitles.length ? o.panelTitles.join(', ') : 'Laboratory order' },
    ...(o.panelTitles.length ? { orderDetail: o.panelTitles.map((t): CodeableConcept => ({ text: t })) } : {}),
    subject: orderSubject(o),
    authoredOn: instant(o.createdDate),
    ...(o.collectedSampleId ? { specimen: [ref('Specimen', o.collectedSampleId)] } : {}),
    ...(o.commentToLab ? { note: [{ text: o.commentToLab }] } : {}),
  };
}

const INTERPRETATION = 'http://terminology.hl7.org/CodeSystem/v3-ObservationInterpretation';
const INTERPRETATION_DISPLAY = { H: 'High', L: 'Low', N: 'Normal' } as const;
const NUMBER = /^[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?$/;

export function toObservation(ctx: MapCtx, r: ResultRow, order: OrderRow): Observation {
  const numeric = r.hasRange && r.result !== null && NUMBER.test(r.result) && Number.isFinite(Number(r.result));
  const range =
    r.min !== null && r.max !== null
      ? {
          low: quantity(Number(r.min), r.unitSymbol, r.unitName),
          high: quantity(Number(r.max), r.unitSymbol, r.unitName),
        }
      : null;
  const flag = r.flag === 'H' || r.flag === 'L' ? r.flag : numeric && range ? 'N' : null;
  return {
    resourceType: 'Observation',
    id: String(r.id),
    basedOn: [ref('ServiceRequest', order.id)],
    status: r.amended ? 'amended' : 'final',
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/observation-category',
            code: 'laboratory',
            display: 'Laboratory',
          },
        ],
      },
    ],
    code: {
      ...(r.testCode
        ? {
            coding: [
              {
                system: systemOf(ctx, 'test'),
                code: fhirCode(r.testCode),
                ...(r.testTitle ? { display: r.testTitle } : {}),
              },
            ],
          }
        : {}),
      text: r.testTitle ?? 'Test',
    },
    subject: orderSubject(order),
    ...(r.releasedDate ? { issued: instant(r.releasedDate) } : {}),
    ...(numeric
      ? { valueQuantity: quantity(Number(r.result), r.unitSymbol, r.unitName) }
      : { valueString: r.result ?? '' }),
    ...(flag
      ? {
          interpretation: [{ coding: [{ system: INTERPRETATION, code: flag, display: INTERPRETATION_DISPLAY[flag] }] }],
        }
      : {}),
    ...(r.comment ? { note: [{ text: r.comment }] } : {}),
    ...(order.collectedSampleId ? { specimen: ref('Specimen', order.collectedSampleId) } : {}),
    ...(range ? { referenceRange: [range] } : {}),
  };
}

// A research distribution's export (issue 32 item 6, docs/research.md "Export of a distribution"): pseudonymous.
// Each distributed sample is named by its per-distribution code only; no sample ID, donor, MRN, exact date or
// internal id of a sample or a donor reaches the researcher.

/** One distributed sample as the export names it. */
export interface DistributedSampleFacts {
  code: string;
  specimenTypeCode: string | null;
  specimenType: string | null;
  anatomicSite: string | null;
  amount: number;
  unit: string | null;
  /** YYYY-MM: the day of collection is left out (a quasi-identifier). */
  collectedMonth: string;
  /** The purposes the donor's consent grants now (by the consent purpose's id and title). */
  purposes: { id: number; title: string }[];
}

/** The code system of one distribution's codes: they mean something only within it. */
export const distributionCodeSystem = (ctx: MapCtx, requestId: number) =>
  systemOf(ctx, `research-request:${requestId}:code`);

/** A distributed sample as a Specimen: its code as identifier and as its (pseudonymous) subject, nothing else of who. */
export function toDistributedSpecimen(ctx: MapCtx, requestId: number, d: DistributedSampleFacts): Specimen {
  const code = { system: distributionCodeSystem(ctx, requestId), value: d.code };
  return {
    resourceType: 'Specimen',
    identifier: [{ use: 'official', ...code }],
    type: {
      ...(d.specimenTypeCode
        ? {
            coding: [
              {
                system: systemOf(ctx, 'specimen-type'),
                code: fhirCode(d.specimenTypeCode),
                ...(d.specimenType ? { display: d.specimenType } : {}),
              },
            ],
          }
        : {}),
      ...(d.specimenType ? { text: d.specimenType } : {}),
    },
    // A logical reference: an identifier in this distribution's system, no resource, no identity.
    subject: { identifier: code },
    collection: {
      collectedDateTime: d.collectedMonth,
      ...(d.anatomicSite ? { bodySite: { text: d.anatomicSite } } : {}),
    },
    container: [{ specimenQuantity: quantity(d.amount, d.unit, null) }],
  };
}

/**
 * What the donor's consent grants a distributed sample, as a Consent: research scope, the purposes as the permit
 * provision's `purpose` codes (the consent-purpose system toConsent uses), the sample as the provision's data
 * (`specimenUrl`, its entry in the bundle); the subject is the code, as on the Specimen. No signature, date or
 * version: those say who and when. A consent withdrawn since (nothing granted now) is `inactive` with a deny.
 */
export function toDistributedConsent(
  ctx: MapCtx,
  requestId: number,
  d: DistributedSampleFacts,
  specimenUrl: string,
): Consent {
  const granted = d.purposes.length > 0;
  return {
    resourceType: 'Consent',
    status: granted ? 'active' : 'inactive',
    scope: {
      coding: [{ system: 'http://terminology.hl7.org/CodeSystem/consentscope', code: 'research', display: 'Research' }],
    },
    category: [
      {
        coding: [
          {
            system: 'http://terminology.hl7.org/CodeSystem/consentcategorycodes',
            code: 'research',
            display: 'Research Information Access',
          },
        ],
      },
    ],
    patient: { identifier: { system: distributionCodeSystem(ctx, requestId), value: d.code } },
    policyRule: { coding: [{ system: OPT, code: granted ? 'OPTIN' : 'OPTOUT' }] },
    provision: {
      type: granted ? 'permit' : 'deny',
      ...(granted
        ? {
            purpose: d.purposes.map((p) => ({
              system: `${LOCAL}:consent-purpose`,
              code: String(p.id),
              display: p.title,
            })),
          }
        : {}),
      data: [{ meaning: 'instance', reference: { reference: specimenUrl } }],
    },
  };
}
