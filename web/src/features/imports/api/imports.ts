import { notifications } from '@mantine/notifications';
import type { Problem } from '@contract/common.contract';
import {
  IMPORT_CONTENT_TYPE,
  importQuery,
  type DryRunResult,
  type ImportKind,
  type ImportStreamLine,
} from '@contract/imports.contract';
import { pathOf } from '@contract/endpoint';
import { importEndpoints as rows } from '@contract/imports.endpoints';
import { ApiError } from '@/lib/api-client';
import { downloadCall } from '@/lib/download';
import { tokenStore } from '@/lib/session-storage';
import { i18next } from '@/lib/i18n';

const authHeaders = (): Record<string, string> => {
  const token = tokenStore.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
};
const unreachable = () =>
  new Response(JSON.stringify({ title: i18next.t('errors.unreachable', { ns: 'shell' }) }), { status: 503 });

async function problemOf(res: Response) {
  const problem = (await res.json().catch(() => null)) as Partial<Problem> | null;
  return new ApiError(res.status, {
    ...problem,
    title: problem?.title ?? i18next.t('errors.requestFailed', { ns: 'shell', status: res.status }),
  });
}

/** GET templates/{kind}.csv with the session, saved as {kind}-template.csv. */
export async function downloadTemplate(instId: number, kind: ImportKind) {
  await downloadCall(
    rows.template,
    { params: { instId, file: `${kind}.csv` } },
    `${kind}-template.csv`,
    i18next.t('step1.downloadFailed', { ns: 'imports' }),
  );
}

export interface ImportFile {
  file: Blob;
  fileName: string;
  mapping: Record<string, string>;
}

/**
 * POST imports/{kind}: the file itself is the body (text/csv, streamed by the server as it arrives), the mapping,
 * dry run and file name go in the query (issue 26). Answers the response, or throws the problem.
 */
async function upload(instId: number, kind: ImportKind, f: ImportFile, dryRun: boolean, accept: string) {
  // The body is the file (a Blob), not JSON, and the answer may be a stream: fetch itself, at the row's path.
  const res = await fetch(
    `/api${pathOf(rows.upload, { instId, kind })}?${importQuery({ dryRun, mapping: f.mapping, fileName: f.fileName })}`,
    {
      method: 'POST',
      headers: { 'Content-Type': IMPORT_CONTENT_TYPE, Accept: accept, ...authHeaders() },
      body: f.file,
    },
  ).catch(unreachable);
  if (!res.ok) throw await problemOf(res);
  return res;
}

/** The dry run: every row checked, nothing written; a refused file shows its problem in a notification. */
export async function dryRun(instId: number, kind: ImportKind, f: ImportFile): Promise<DryRunResult> {
  try {
    return (await (await upload(instId, kind, f, true, 'application/json')).json()) as DryRunResult;
  } catch (e) {
    if (e instanceof ApiError)
      notifications.show({
        color: 'red',
        title: i18next.t('upload.notChecked', { ns: 'imports' }),
        message: e.problem.title,
        autoClose: 5000,
      });
    throw e;
  }
}

type Result = Extract<ImportStreamLine, { result: unknown }>['result'];

/**
 * The commit: the server streams NDJSON progress lines ({processed,total}) and ends with {result} or {error}.
 * A file with row errors is refused before the stream starts (422 problem, errors keyed "line:field").
 */
export async function commitImport(
  instId: number,
  kind: ImportKind,
  f: ImportFile,
  onProgress: (processed: number, total: number) => void,
): Promise<Result> {
  const res = await upload(instId, kind, f, false, 'application/x-ndjson');
  if (!res.body) throw await problemOf(res);
  const reader = res.body.pipeThrough(new TextDecoderStream()).getReader();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (value) buffer += value;
    let nl;
    while ((nl = buffer.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffer.slice(0, nl)) as ImportStreamLine;
      buffer = buffer.slice(nl + 1);
      if ('processed' in line) onProgress(line.processed, line.total);
      else if ('result' in line) return line.result;
      else throw new ApiError(line.error.status, { title: line.error.title });
    }
    if (done)
      throw new ApiError(500, {
        title: i18next.t('upload.noResult', { ns: 'imports' }),
      });
  }
}

/** The first CSV record (the header), read the way the server reads it (RFC 4180 quotes, BOM dropped). */
export function headerOf(csv: string): string[] {
  const s = csv.charCodeAt(0) === 0xfeff ? csv.slice(1) : csv;
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < s.length; i++) {
    const c = s[i];
    if (quoted) {
      if (c === '"' && s[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') {
      cells.push(cell.trim());
      cell = '';
    } else if (c === '\n' || c === '\r') break;
    else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

/** The SHA-256 of the file's bytes, as the server computes it over the upload. */
export async function sha256(file: Blob) {
  const digest = await crypto.subtle.digest('SHA-256', await file.arrayBuffer());
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
