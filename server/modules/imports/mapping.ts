import type { ImportColumn, RowError } from '../../../contract/imports.contract';
import { CsvSyntaxError, parseCsv } from './csv-parse';
import { importErrors } from './imports.errors';
import type { MappedRow } from '../participants/participants-import.service';


/**
 * Reads the file and applies the column mapping (CSV header -> field; a header not in the mapping maps to
 * the field of the same name, case-insensitive; '' ignores it). File-level problems (a missing required
 * column, two headers on one field, a row with more or fewer cells) are row errors too, on their line.
 */
export function mapRows(csv: string, columns: ImportColumn[], mapping: Record<string, string>) {
  let records;
  try { records = parseCsv(csv); } catch (e) {
    if (e instanceof CsvSyntaxError) throw importErrors.bad_csv(e.message);
    throw e;
  }
  const [header, ...data] = records;
  if (!header || !data.length) throw importErrors.no_rows();
  const known = new Map(columns.map((c) => [c.field.toLowerCase(), c.field]));
  const lowerMapping = new Map(Object.entries(mapping).map(([h, f]) => [h.trim().toLowerCase(), f]));
  const applied: Record<string, string> = {};
  const headerOf = new Map<string, string>();
  const errors: RowError[] = [];
  const fieldAt = header.cells.map((h) => {
    const name = h.trim();
    const chosen = lowerMapping.has(name.toLowerCase()) ? lowerMapping.get(name.toLowerCase())! : name;
    if (!chosen) return null;
    const field = known.get(chosen.toLowerCase());
    if (!field) {
      if (lowerMapping.has(name.toLowerCase())) throw importErrors.bad_mapping(`Column "${name}" is mapped to "${chosen}", which is not a field of this import.`);
      return null; // an extra column nobody mapped: ignored
    }
    if (headerOf.has(field)) throw importErrors.bad_mapping(`Columns "${headerOf.get(field)}" and "${name}" are both mapped to ${field}.`);
    headerOf.set(field, name);
    applied[name] = field;
    return field;
  });
  for (const c of columns) {
    if (c.required && !headerOf.has(c.field)) errors.push({ line: header.line, field: c.field, column: null, message: `No column is mapped to ${c.field} (required)` });
  }
  const missingColumns = errors.length > 0;
  const rows: MappedRow[] = [];
  for (const r of data) {
    if (r.cells.length !== header.cells.length) {
      errors.push({ line: r.line, field: '', column: null, message: `This row has ${r.cells.length} cells; the header has ${header.cells.length}` });
      continue;
    }
    const values: MappedRow['values'] = {};
    r.cells.forEach((cell, i) => { const f = fieldAt[i]; if (f) values[f] = cell.trim() === '' ? undefined : cell.trim(); });
    rows.push({ line: r.line, values });
  }
  return { missingColumns, rows, rowCount: data.length, errors, applied, columnOf: (field: string) => headerOf.get(field) ?? null };
}
