import type { TFunction } from 'i18next';
import type { Abilities } from './test-parts';

/**
 * The hint under the panels names only what this membership may do with a test (results.release,
 * results.enter, results.amend), so a Technician is not told to release what the server would refuse.
 */
export function resultActionsHint(t: TFunction<'orders'>, can: Abilities, phone = false): string {
  const verbs = [can.release && t('hint.release'), can.enter && t('hint.comment'), can.amend && t('hint.amend')].filter(
    (v): v is string => !!v,
  );
  const list =
    verbs.length > 1
      ? `${verbs.slice(0, -1).join(t('hint.listSeparator'))}${t('hint.or')}${verbs[verbs.length - 1]}`
      : verbs[0];
  const rows = t('hint.rows');
  // A phone has no right-click: only the ⋮ button is named there.
  const how = verbs.length ? ` ${t(phone ? 'hint.phone' : 'hint.desktop', { verbs: list })}` : '';
  // The permission's words (contract/permission-labels.ts needsPermission('results.release')) with the reason.
  const release = can.release ? '' : ` ${t('hint.noRelease')}`;
  return `${rows}${how}${release}`;
}
