import { defineErrors } from '../../platform/errors';

export const importErrors = defineErrors('imports', {
  not_available: { status: 400, title: (kind: string) => `Importing ${kind} is not available yet.` },
  bad_csv: { status: 400, title: (message: string) => `The file is not valid CSV. ${message}.` },
  no_rows: { status: 400, title: 'The file has a header row but no data rows.' },
  bad_mapping: { status: 400, title: (message: string) => message },
  rows_invalid: { status: 422, title: (count: number, rows: number) => `${count} problem${count === 1 ? '' : 's'} in ${rows} row${rows === 1 ? '' : 's'}: nothing was imported. Run a dry run to see them by line.` },
});
