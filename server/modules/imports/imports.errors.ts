import { defineErrors } from '../../platform/errors';
import { IMPORT_CONTENT_TYPE, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../contract/imports.contract';

const mb = Math.round(MAX_IMPORT_BYTES / (1024 * 1024));

/** csv-parse.ts's reasons ('Line 3: a quoted cell is not closed'), one sentence each in other languages. */
const CSV_REASONS: [RegExp, string][] = [
  [/^a quoted cell is not closed$/, 'quote_not_closed'],
  [/^text after a closing quote/, 'closing_quote'],
  [/^a quote inside an unquoted cell/, 'opening_quote'],
  [/^a record is longer than/, 'record_too_long'],
  [/^a cell holds a NUL character$/, 'nul'],
  [/^a record has more than/, 'too_many_cells'],
];
function csvText(message: string) {
  const [, line = '', reason = message] = /^Line (\d+): (.*)$/s.exec(message) ?? [];
  const variant = CSV_REASONS.find(([re]) => re.test(reason))?.[1] ?? 'other';
  return { variant, values: { line, message } };
}

/** mapping.ts's two refusals of a mapping sent with a file: one key each in other languages. */
function mappingText(message: string) {
  const notField = /^Column "(.*)" is mapped to "(.*)", which is not a field of this import\.$/s.exec(message);
  if (notField) return { variant: 'not_field', values: { name: notField[1], chosen: notField[2] } };
  const twice = /^Columns "(.*)" and "(.*)" are both mapped to (.*)\.$/s.exec(message);
  if (twice) return { variant: 'twice', values: { a: twice[1], b: twice[2], field: twice[3] } };
  return { variant: 'other', values: { message } };
}

/** The imports module's errors: code `imports.<key>`, status, human title (English; French in contract/i18n/fr.ts). */
export const importErrors = defineErrors('imports', {
  not_available: {
    status: 400,
    title: (kind: string) => `Importing ${kind} is not available yet.`,
    text: (kind: string) => ({ variant: kind, values: {} }),
  },
  bad_csv: { status: 400, title: (message: string) => `The file is not valid CSV. ${message}.`, text: csvText },
  no_rows: { status: 400, title: 'The file has a header row but no data rows.' },
  empty: { status: 400, title: 'The file is empty.' },
  bad_mapping: { status: 400, title: (message: string) => message, text: mappingText },
  not_csv: {
    status: 415,
    title: `Send the CSV file itself as the request body, with Content-Type: ${IMPORT_CONTENT_TYPE}.`,
    text: () => ({ values: { type: IMPORT_CONTENT_TYPE } }),
  },
  too_large: {
    status: 413,
    title: `The file is larger than ${mb} MB: split it into smaller files.`,
    text: () => ({ values: { mb } }),
  },
  too_many_rows: {
    status: 413,
    title: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows: split it into smaller files.`,
    text: () => ({ values: { max: MAX_IMPORT_ROWS } }),
  },
  aborted: { status: 400, title: 'The upload was interrupted before the whole file arrived.' },
  template_name_taken: {
    status: 409,
    title: (name: string, kind: string) =>
      `A saved mapping for ${kind} named '${name}' already exists: choose another name, or delete that one first.`,
    text: (name: string, kind: string) => ({ variant: kind, values: { name } }),
  },
  template_bad_field: {
    status: 400,
    title: (header: string, field: string, kind: string) =>
      `Column "${header}" is mapped to "${field}", which is not a field of the ${kind} import.`,
    text: (header: string, field: string, kind: string) => ({ variant: kind, values: { header, field } }),
  },
  template_bad_header: {
    status: 400,
    title:
      'A column header in the mapping holds a control character (a tab or line break): no header of a CSV file the import reads can.',
  },
  template_field_twice: {
    status: 400,
    title: (a: string, b: string, field: string) =>
      `Columns "${a}" and "${b}" are both mapped to ${field}: map each field from one column.`,
    text: (a: string, b: string, field: string) => ({ values: { a, b, field } }),
  },
  rows_invalid: {
    status: 422,
    title: (count: number, rows: number) =>
      `${count} problem${count === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}: nothing was imported. Run a dry run to see them by line.`,
    // One sentence per plural pair (a problem is on a row: never fewer problems than rows).
    text: (count: number, rows: number) => ({
      variant: count === 1 ? 'one' : rows === 1 ? 'many_one_row' : 'many',
      values: { count, rows },
    }),
  },
});
