import { and, asc, eq, sql } from 'drizzle-orm';
import type { FieldListQuery } from '../../../contract/forms.contract';
import { type InstCtx, requirePermission } from '../../platform/context';
import { likePattern, offsetOf } from '../../platform/paging';
import { selectRecords } from '../../platform/record-refs';
import { protocolOf } from '../protocols';
import { fieldOptions, formFields } from './forms.table';
import { fieldsPage, formOf, toOptionDto } from './field-set';
import { fieldOf } from './fields.service';

// The lists spec 2 §7 reads of a form ("GET .../collectionProtocolFormFields?PageSize=100000 and
// .../{fieldId}/collectionProtocolFormFieldOptions"): read whole by default, paged with the true total.

/** A form's fields by ordinal, each with its enabled options: enabled ones unless `IsEnabled=false`; `SearchTerm` on the prompt. */
export async function listFields(ctx: InstCtx, protocolId: number, formId: number, q: FieldListQuery) {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  await formOf(ctx, protocolId, formId);
  const where = and(
    eq(formFields.formId, formId),
    eq(formFields.isEnabled, q.isEnabled ?? true),
    q.searchTerm ? sql`lower(${formFields.prompt}) like ${likePattern(q.searchTerm)}` : undefined,
  );
  return fieldsPage(ctx.db, where, { limit: q.pageSize, offset: offsetOf(q) });
}

/** A field's options by ordinal: enabled ones unless `IsEnabled=false`; `SearchTerm` on the value. */
export async function listOptions(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  q: FieldListQuery,
) {
  requirePermission(ctx, 'protocols.read');
  await protocolOf(ctx, protocolId);
  await formOf(ctx, protocolId, formId);
  await fieldOf(ctx.db, ctx, formId, fieldId);
  const where = and(
    eq(fieldOptions.fieldId, fieldId),
    eq(fieldOptions.isEnabled, q.isEnabled ?? true),
    q.searchTerm ? sql`lower(${fieldOptions.value}) like ${likePattern(q.searchTerm)}` : undefined,
  );
  const page = await selectRecords(ctx.db, fieldOptions, {
    where,
    orderBy: [asc(fieldOptions.ordinal), asc(fieldOptions.id)],
    limit: q.pageSize,
    offset: offsetOf(q),
  });
  return { ...page, rows: page.rows.map(toOptionDto) };
}
