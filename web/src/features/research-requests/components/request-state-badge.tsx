import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { RequestItemState, RequestState } from '@contract/requests.contract';

const COLORS: Record<RequestState, string> = {
  draft: 'gray',
  submitted: 'blue',
  changes_requested: 'orange',
  approved: 'teal',
  rejected: 'red',
  cancelled: 'gray',
  distributed: 'grape',
  returned: 'cyan',
  closed: 'dark',
};
const ITEM_COLORS: Record<RequestItemState, string> = { reserved: 'blue', released: 'gray', distributed: 'grape' };

/** A request's state as words in a light badge (the same colour on every screen). */
export function RequestStateBadge({ state }: { state: RequestState }) {
  const { t } = useTranslation('requests');
  return (
    <Badge variant="light" color={COLORS[state]} radius="sm" tt="none">
      {t(`states.${state}`)}
    </Badge>
  );
}

export function ItemStateBadge({ state }: { state: RequestItemState }) {
  const { t } = useTranslation('requests');
  return (
    <Badge variant="light" color={ITEM_COLORS[state]} radius="sm" tt="none">
      {t(`itemStates.${state}`)}
    </Badge>
  );
}
