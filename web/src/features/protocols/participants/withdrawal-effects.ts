import type { TFunction } from 'i18next';
import type { WITHDRAWAL_EFFECTS } from '@contract/protocol-participants.contract';

type Effect = (typeof WITHDRAWAL_EFFECTS)[number];

/** What each withdrawal effect means (docs/protocols.md "Withdrawal"): all three stop further use now. */
export const effectWords = (effect: Effect, t: TFunction<'protocols'>) => ({
  label: t(`effects.${effect}.label`),
  explain: t(`effects.${effect}.explain`),
});
