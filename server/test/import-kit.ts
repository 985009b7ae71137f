import { IMPORT_CONTENT_TYPE, importQuery, type ImportKind, type ImportMapping } from '../../contract/imports.contract';
import type { TestApp } from './harness';

/** What a test sends: the file's text and the query's options (the upload's own shape since issue 26). */
export interface ImportCall {
  csv: string;
  dryRun?: boolean;
  mapping?: ImportMapping;
  fileName?: string;
}

/** POST imports/{kind} as the web client does: the CSV file as the body (text/csv), the options in the query. */
export function importCall(
  t: TestApp,
  inst: number,
  kind: ImportKind | string,
  body: ImportCall,
  token?: string,
  contentType = IMPORT_CONTENT_TYPE,
) {
  const query = importQuery({ dryRun: body.dryRun ?? true, mapping: body.mapping, fileName: body.fileName });
  return t.app.inject({
    method: 'POST',
    url: `/api/institutions/${inst}/imports/${kind}?${query}`,
    remoteAddress: '127.0.0.1',
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload: body.csv,
  });
}
