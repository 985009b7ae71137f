/** The `next` address after sign-in, only when it is a relative path inside this app. */
export function safeNext(next: string | null | undefined): string {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return '/';
  if (next.startsWith('/login')) return '/';
  return next;
}

/** The /login address that brings the user back to `path` after signing in. */
export function loginPathFor(path: string): string {
  return path === '/' || path.startsWith('/login') ? '/login' : `/login?next=${encodeURIComponent(path)}`;
}
