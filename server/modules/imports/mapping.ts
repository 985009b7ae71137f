import type { ImportColumn, RowError } from '../../../contract/imports.contract';
import { msgf } from '../../../contract/messages';
import type { CsvRecord } from './csv-parse';
import { importErrors } from './imports.errors';
import type { MappedRow } from '../participants';

/**
 * The column mapping of a file, from its header record (CSV header -> field; a header not in the mapping maps
 * to the field of the same name, case-insensitive; '' ignores it). A mapping to an unknown field or two headers
 * on one field: 400. A missing required column is a row error on the header's line (`missingColumns`: the rows
 * are then counted, not checked). `row` maps one data record, or answers its row error (a cell count other than the header's; a NUL byte is refused by the reader).
 */
export function mapperOf(header: CsvRecord, columns: ImportColumn[], mapping: Record<string, string>) {
  const known = new Map(columns.map((c) => [c.field.toLowerCase(), c.field]));
  const lowerMapping = new Map(Object.entries(mapping).map(([h, f]) => [h.trim().toLowerCase(), f]));
  const applied: Record<string, string> = {};
  const headerOf = new Map<string, string>();
  const headerErrors: RowError[] = [];
  const fieldAt = header.cells.map((h) => {
    const name = h.trim();
    const chosen = lowerMapping.has(name.toLowerCase()) ? lowerMapping.get(name.toLowerCase())! : name;
    if (!chosen) return null;
    const field = known.get(chosen.toLowerCase());
    if (!field) {
      if (lowerMapping.has(name.toLowerCase()))
        throw importErrors.bad_mapping(
          `Column "${name}" is mapped to "${chosen}", which is not a field of this import.`,
        );
      return null; // an extra column nobody mapped: ignored
    }
    if (headerOf.has(field))
      throw importErrors.bad_mapping(`Columns "${headerOf.get(field)}" and "${name}" are both mapped to ${field}.`);
    headerOf.set(field, name);
    applied[name] = field;
    return field;
  });
  for (const c of columns) {
    if (c.required && !headerOf.has(c.field))
      headerErrors.push({
        line: header.line,
        field: c.field,
        column: null,
        message: msgf('importNoColumn', { column: c.label }),
      });
  }
  const columnOf = (field: string) => headerOf.get(field) ?? null;
  const width = header.cells.length;

  function row(r: CsvRecord): MappedRow | RowError {
    if (r.cells.length !== width)
      return {
        line: r.line,
        field: '',
        column: null,
        message: msgf('importRowCells', { cells: r.cells.length, width }),
      };
    const values: MappedRow['values'] = {};
    for (const [i, cell] of r.cells.entries()) {
      const f = fieldAt[i];
      if (!f) continue;
      const v = cell.trim();
      values[f] = v === '' ? undefined : v;
    }
    return { line: r.line, values };
  }
  return { missingColumns: headerErrors.length > 0, headerErrors, applied, columnOf, row };
}

export const isRowError = (x: MappedRow | RowError): x is RowError => 'message' in x;
