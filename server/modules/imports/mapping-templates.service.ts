import {
  IMPORT_COLUMNS,
  IMPORT_PERMISSION,
  type ImportKind,
  type MappingTemplate,
  type MappingTemplateInput,
} from '../../../contract/imports.contract';
import { command, type InstCtx } from '../../platform/context';
import { audit } from '../../platform/audit';
import { isUniqueViolation, notFound } from '../../platform/errors';
import { importErrors } from './imports.errors';
import {
  disableTemplateRow,
  insertTemplate,
  templateRows,
  type MappingTemplateRow as Row,
} from './mapping-templates.repository';
import { assertAvailable, assertOffered } from './imports.service';

// Saved column mappings (issue 28 item 10; docs/imports.md): whoever may import a kind may save, list and delete
// its templates; an institution sees only its own.

const AUDIT_ENTITY = 'importMappingTemplate';

const toDto = (r: Row): MappingTemplate => ({
  id: r.id,
  kind: r.kind,
  name: r.name,
  mapping: r.mapping,
  createdDate: r.createdDate.toISOString(),
});

/** Every field the mapping names is one of the kind's, and no field comes from two columns (as an upload checks it). */
function checkMapping(kind: ImportKind, mapping: Record<string, string>) {
  const fields = new Map(IMPORT_COLUMNS[kind].map((c) => [c.field.toLowerCase(), c.field]));
  const headerOf = new Map<string, string>();
  const checked: Record<string, string> = {};
  for (const [header, chosen] of Object.entries(mapping)) {
    if (/\p{Cc}/u.test(header)) throw importErrors.template_bad_header();
    if (!chosen) {
      checked[header] = '';
      continue;
    }
    const field = fields.get(chosen.toLowerCase());
    if (!field) throw importErrors.template_bad_field(header, chosen, kind);
    const other = headerOf.get(field);
    if (other !== undefined) throw importErrors.template_field_twice(other, header, field);
    headerOf.set(field, header);
    checked[header] = field;
  }
  return checked;
}

export async function listTemplates(ctx: InstCtx, kind: ImportKind): Promise<MappingTemplate[]> {
  assertAvailable(ctx, kind);
  return (await templateRows(ctx.db, ctx.institutionId, kind)).map(toDto);
}

export async function createTemplate(
  ctx: InstCtx,
  kind: ImportKind,
  input: MappingTemplateInput,
): Promise<MappingTemplate> {
  try {
    return await command(ctx, IMPORT_PERMISSION[kind], async (tx) => {
      assertOffered(kind);
      const mapping = checkMapping(kind, input.mapping);
      const row = await insertTemplate(tx.db, {
        institutionId: ctx.institutionId,
        kind,
        name: input.name,
        mapping,
        creatorId: ctx.account.id,
        enablerId: ctx.account.id,
      });
      await audit(tx.db, tx, {
        entity: AUDIT_ENTITY,
        entityId: row.id,
        action: 'create',
        after: { kind, name: row.name, mapping },
      });
      return toDto(row);
    });
  } catch (err) {
    if (isUniqueViolation(err)) throw importErrors.template_name_taken(input.name, kind);
    throw err;
  }
}

/** Deleting disables the record (never deleted); its name may then be used again. */
export async function disableTemplate(ctx: InstCtx, kind: ImportKind, id: number): Promise<MappingTemplate> {
  return command(ctx, IMPORT_PERMISSION[kind], async (tx) => {
    assertOffered(kind);
    const row = await disableTemplateRow(tx.db, ctx.institutionId, kind, id);
    if (!row) throw notFound('Mapping template');
    await audit(tx.db, tx, {
      entity: AUDIT_ENTITY,
      entityId: row.id,
      action: 'disable',
      before: { kind, name: row.name, isEnabled: true },
      after: { isEnabled: false },
    });
    return toDto(row);
  });
}
