import type { EARLIER_SAMPLES } from '@contract/protocol-participants.contract';

type Choice = (typeof EARLIER_SAMPLES)[number];

/** The re-consent's choice for samples collected before it (docs/protocols.md "Re-consent"), in the form's words. */
export const EARLIER: Record<Choice, { label: string; explain: string }> = {
  keep_blocked: {
    label: 'Keep previously collected samples blocked',
    explain: 'Only samples collected from now on may be used; samples collected before stay blocked.',
  },
  covered: {
    label: 'The new consent also covers previously collected samples',
    explain: 'Samples collected before, including those blocked by the withdrawal, may be used again.',
  },
};

/** One line on what a re-consent covers: "Samples collected before 2026-11-22 10:00 stay blocked." */
export const coverageText = (c: { earlierSamples: Choice | null; coversSamplesFrom: string | null }) =>
  c.earlierSamples === 'covered'
    ? 'It covers the samples collected before it as well.'
    : `Samples collected before ${(c.coversSamplesFrom ?? '').replace('T', ' ')} stay blocked.`;
