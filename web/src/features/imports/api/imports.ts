import { notifications } from '@mantine/notifications';
import type { Problem } from '@contract/common.contract';
import type { DryRunResult, ImportKind, ImportStreamLine } from '@contract/imports.contract';
import { api, ApiError } from '@/lib/api-client';
import { tokenStore } from '@/lib/session-storage';

const base = (instId: number) => `/institutions/${instId}/imports`;
const authHeaders = (): Record<string, string> => {
  const token = tokenStore.get();
  return token ? { Authorization: `Bearer ${token}` } : {};
};
const unreachable = () => new Response(JSON.stringify({ title: 'The server cannot be reached. Check your connection.' }), { status: 503 });

async function problemOf(res: Response) {
  const problem = (await res.json().catch(() => null)) as Partial<Problem> | null;
  return new ApiError(res.status, { ...problem, title: problem?.title ?? `Request failed (${res.status}).` });
}

/** GET templates/{kind}.csv with the bearer token, saved as {kind}-template.csv. */
export async function downloadTemplate(instId: number, kind: ImportKind) {
  const res = await fetch(`/api${base(instId)}/templates/${kind}.csv`, { headers: authHeaders() }).catch(unreachable);
  if (!res.ok) {
    notifications.show({ color: 'red', title: 'The template could not be downloaded', message: (await problemOf(res)).problem.title, autoClose: 5000 });
    return;
  }
  const href = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = href;
  link.download = `${kind}-template.csv`;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export interface ImportFile { csv: string; fileName: string; mapping: Record<string, string> }

export const dryRun = (instId: number, kind: ImportKind, f: ImportFile) =>
  api.post<DryRunResult>(`${base(instId)}/${kind}`, { ...f, dryRun: true });

type Result = Extract<ImportStreamLine, { result: unknown }>['result'];

/**
 * The commit: the server streams NDJSON progress lines ({processed,total}) and ends with {result} or {error}.
 * A file with row errors is refused before the stream starts (422 problem, errors keyed "line:field").
 */
export async function commitImport(instId: number, kind: ImportKind, f: ImportFile, onProgress: (processed: number, total: number) => void): Promise<Result> {
  const res = await fetch(`/api${base(instId)}/${kind}`, {
    method: 'POST', headers: { 'Content-Type': 'application/json', Accept: 'application/x-ndjson', ...authHeaders() },
    body: JSON.stringify({ ...f, dryRun: false }),
  }).catch(unreachable);
  if (!res.ok || !res.body) throw await problemOf(res);
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
    if (done) throw new ApiError(500, { title: 'The import ended without a result; nothing may have been written. Check the participant list.' });
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
      if (c === '"' && s[i + 1] === '"') { cell += '"'; i++; } else if (c === '"') quoted = false; else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ',') { cells.push(cell.trim()); cell = ''; } else if (c === '\n' || c === '\r') break;
    else cell += c;
  }
  cells.push(cell.trim());
  return cells;
}

export async function sha256(text: string) {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text));
  return [...new Uint8Array(digest)].map((b) => b.toString(16).padStart(2, '0')).join('');
}
