import type { WITHDRAWAL_EFFECTS } from '@contract/protocol-participants.contract';

type Effect = (typeof WITHDRAWAL_EFFECTS)[number];

/** What each withdrawal effect means (docs/protocols.md "Withdrawal"): all three stop further use now. */
export const EFFECTS: Record<Effect, { label: string; explain: string }> = {
  stop_use: {
    label: 'Stop further use',
    explain: "No further use of the participant's samples; what exists stays as it is.",
  },
  keep_anonymised: {
    label: 'Keep anonymised',
    explain: 'No further use; existing data may be kept only anonymised.',
  },
  destroy_samples: {
    label: 'Destroy samples',
    explain: "No further use; the participant's samples are to be destroyed.",
  },
};
