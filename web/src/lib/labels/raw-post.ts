import { notifications } from '@mantine/notifications';
import type { Problem } from '@contract/common.contract';
import { ApiError } from '@/lib/api-client';
import { tokenStore } from '@/lib/session-storage';
import { loginPathFor } from '@/lib/safe-next';

/**
 * A POST whose answer is not JSON (ZPL text, a PDF). Same rules as the api client: bearer token,
 * a failure shows the problem title, 401 goes to login.
 */
export async function postRaw(path: string, body: unknown, as: 'text'): Promise<string>;
export async function postRaw(path: string, body: unknown, as: 'blob'): Promise<Blob>;
export async function postRaw(path: string, body: unknown, as: 'text' | 'blob'): Promise<string | Blob> {
  const token = tokenStore.get();
  let res: Response;
  try {
    res = await fetch(`/api${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', ...(token ? { Authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    });
  } catch {
    res = new Response(JSON.stringify({ title: 'The server cannot be reached. Check your connection.' }), { status: 503 });
  }
  if (res.ok) return as === 'blob' ? res.blob() : res.text();
  const problem = (await res.json().catch(() => null)) as Partial<Problem> | null;
  const error = new ApiError(res.status, { ...problem, title: problem?.title ?? `Request failed (${res.status}).` });
  if (res.status === 401) {
    tokenStore.clear();
    window.location.assign(loginPathFor(window.location.pathname + window.location.search));
  } else {
    notifications.show({ color: 'red', title: 'Error', message: error.problem.title, autoClose: 5000 });
  }
  throw error;
}
