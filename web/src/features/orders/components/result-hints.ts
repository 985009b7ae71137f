import { needsPermission } from '@contract/permission-labels';
import type { Abilities } from './test-parts';

const list = (words: string[]) =>
  words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words[words.length - 1]}` : words[0];

/**
 * The hint under the panels names only what this membership may do with a test (results.release,
 * results.enter, results.amend), so a Technician is not told to release what the server would refuse.
 */
export function resultActionsHint(can: Abilities, phone = false): string {
  const verbs = [can.release && 'release', can.enter && 'comment on', can.amend && 'amend'].filter(
    (v): v is string => !!v,
  );
  const rows = 'Rows with a yellow edge are not released yet.';
  // A phone has no right-click: only the ⋮ button is named there.
  const how = verbs.length
    ? ` ${phone ? "Use a test's ⋮ button" : 'Right-click a test, or use its ⋮ button,'} to ${list(verbs)} it.`
    : '';
  const release = can.release ? '' : ` ${needsPermission('results.release')} Your roles here do not include it.`;
  return `${rows}${how}${release}`;
}
