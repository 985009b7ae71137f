import type { FieldListQuery } from '../../../contract/forms.contract';
import type { InstCtx } from '../../platform/context';
import { protocolOf } from '../protocols';
import { fieldList, fieldOf, formOf, optionList } from './field-set.repository';

// The lists spec 2 §7 reads of a form ("GET .../collectionProtocolFormFields?PageSize=100000 and
// .../{fieldId}/collectionProtocolFormFieldOptions"): read whole by default, paged with the true total.
// The route row checks protocols.read in the path's institution.

/** A form's fields by ordinal, each with its enabled options: enabled ones unless `IsEnabled=false`; `SearchTerm` on the prompt. */
export async function listFields(ctx: InstCtx, protocolId: number, formId: number, q: FieldListQuery) {
  await protocolOf(ctx, protocolId);
  await formOf(ctx.db, ctx.institutionId, protocolId, formId);
  return fieldList(ctx.db, formId, q);
}

/** A field's options by ordinal: enabled ones unless `IsEnabled=false`; `SearchTerm` on the value. */
export async function listOptions(
  ctx: InstCtx,
  protocolId: number,
  formId: number,
  fieldId: number,
  q: FieldListQuery,
) {
  await protocolOf(ctx, protocolId);
  await formOf(ctx.db, ctx.institutionId, protocolId, formId);
  await fieldOf(ctx.db, ctx.institutionId, formId, fieldId);
  return optionList(ctx.db, fieldId, q);
}
