import { defineErrors } from '../../platform/errors';
import { IMPORT_CONTENT_TYPE, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS } from '../../../contract/imports.contract';

const mb = Math.round(MAX_IMPORT_BYTES / (1024 * 1024));

export const importErrors = defineErrors('imports', {
  not_available: { status: 400, title: (kind: string) => `Importing ${kind} is not available yet.` },
  bad_csv: { status: 400, title: (message: string) => `The file is not valid CSV. ${message}.` },
  no_rows: { status: 400, title: 'The file has a header row but no data rows.' },
  empty: { status: 400, title: 'The file is empty.' },
  bad_mapping: { status: 400, title: (message: string) => message },
  not_csv: {
    status: 415,
    title: `Send the CSV file itself as the request body, with Content-Type: ${IMPORT_CONTENT_TYPE}.`,
  },
  too_large: { status: 413, title: `The file is larger than ${mb} MB: split it into smaller files.` },
  too_many_rows: {
    status: 413,
    title: `The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en')} rows: split it into smaller files.`,
  },
  aborted: { status: 400, title: 'The upload was interrupted before the whole file arrived.' },
  template_name_taken: {
    status: 409,
    title: (name: string, kind: string) =>
      `A saved mapping for ${kind} named '${name}' already exists: choose another name, or delete that one first.`,
  },
  template_bad_field: {
    status: 400,
    title: (header: string, field: string, kind: string) =>
      `Column "${header}" is mapped to "${field}", which is not a field of the ${kind} import.`,
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
  },
  rows_invalid: {
    status: 422,
    title: (count: number, rows: number) =>
      `${count} problem${count === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}: nothing was imported. Run a dry run to see them by line.`,
  },
});
