import { PERMISSIONS, ROLES, ROLE_PERMISSIONS } from './permissions.contract';

/** The role x permission matrix as a Markdown table (docs/permissions.md is checked against it). */
export function permissionsMarkdown(): string {
  const head = `| permission | ${ROLES.join(' | ')} |`;
  const rule = `|---|${ROLES.map(() => ':-:').join('|')}|`;
  const rows = PERMISSIONS.map(
    (p) => `| \`${p}\` | ${ROLES.map((r) => (ROLE_PERMISSIONS[r].includes(p) ? '✓' : '')).join(' | ')} |`,
  );
  return [head, rule, ...rows].join('\n');
}
