import { asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { FieldKind } from '../../../contract/forms.contract';
import { type ExportScope, exportWhere, type IdParam } from '../../platform/export-scope';
import { formVersions, protocolForms, submittedForms } from './forms.table';
import { qualified } from '../../platform/qualified';

// What the FHIR export (docs/fhir.md) reads of questionnaires and their submissions: one statement each.

export interface ExportField {
  id: number;
  kind: FieldKind;
  name: string | null;
  prompt: string;
  required: boolean;
  regularExpression: string | null;
  options: string[];
}
export interface ExportAnswer {
  fieldId: number;
  kind: FieldKind;
  prompt: string;
  value: string;
}

/** Questionnaires with their live field set: enabled fields by ordinal, each with its enabled option values. */
export const exportForms = async (db: Db, institutionId: number, scope: ExportScope) =>
  exportFormsQuery(db, institutionId, scope);
export function exportFormsQuery(db: Db, institutionId: IdParam, scope: ExportScope) {
  const f = protocolForms;
  const fields = sql<
    ExportField[]
  >`coalesce((select json_agg(json_build_object('id', x.id, 'kind', x.kind, 'name', x.name, 'prompt', x.prompt,
    'required', x.required, 'regularExpression', case when x.has_validation then x.regular_expression end,
    'options', coalesce((select json_agg(o.value order by o.ordinal, o.id) from collection_protocol_form_field_options o where o.field_id = x.id and o.is_enabled), '[]'::json))
    order by x.ordinal, x.id) from collection_protocol_form_fields x where x.form_id = ${qualified(protocolForms.id)} and x.is_enabled), '[]'::json)`;
  return db
    .select({
      id: f.id,
      isEnabled: f.isEnabled,
      protocolId: f.collectionProtocolId,
      name: f.name,
      description: f.description,
      version: f.currentVersion,
      createdDate: f.createdDate,
      fields,
    })
    .from(f)
    .where(
      exportWhere(institutionId, scope, {
        institutionId: f.institutionId,
        id: f.id,
        protocolId: f.collectionProtocolId,
      }),
    )
    .orderBy(asc(f.id))
    .limit(scope.limit);
}

/** Submissions with the version filled and every stored answer (a checkbox list's value is a JSON array). */
export const exportSubmissions = async (db: Db, institutionId: number, scope: ExportScope) =>
  exportSubmissionsQuery(db, institutionId, scope);
export function exportSubmissionsQuery(db: Db, institutionId: IdParam, scope: ExportScope) {
  const s = submittedForms;
  const answers = sql<
    ExportAnswer[]
  >`coalesce((select json_agg(json_build_object('fieldId', v.field_id, 'kind', x.kind, 'prompt', v.prompt, 'value', v.value)
    order by x.ordinal, x.id) from submitted_collection_protocol_form_values v join collection_protocol_form_fields x on x.id = v.field_id
    where v.submission_id = ${qualified(submittedForms.id)}), '[]'::json)`;
  return db
    .select({
      id: s.id,
      isEnabled: s.isEnabled,
      protocolId: s.collectionProtocolId,
      formId: s.formId,
      version: formVersions.version,
      patientId: s.patientId,
      sampleId: s.sampleId,
      createdDate: s.createdDate,
      answers,
    })
    .from(s)
    .innerJoin(formVersions, eq(formVersions.id, s.versionId))
    .where(
      exportWhere(institutionId, scope, {
        institutionId: s.institutionId,
        id: s.id,
        patientId: s.patientId,
        protocolId: s.collectionProtocolId,
      }),
    )
    .orderBy(asc(s.id))
    .limit(scope.limit);
}

/** The forms some participants filled (a sub-select of ids, for exportForms' `idsIn`). */
export const formIdsOfPatients = (institutionId: IdParam, patientIds: IdParam[]) =>
  sql`select ${submittedForms.formId} from ${submittedForms} where ${exportWhere(institutionId, { patientIds, limit: 0 }, { institutionId: submittedForms.institutionId, id: submittedForms.id, patientId: submittedForms.patientId })}`;
