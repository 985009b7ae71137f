import type { TFunction } from 'i18next';
import type { EARLIER_SAMPLES } from '@contract/protocol-participants.contract';

type Choice = (typeof EARLIER_SAMPLES)[number];

/** The re-consent's choice for samples collected before it (docs/protocols.md "Re-consent"), in the form's words. */
export const earlierWords = (choice: Choice, t: TFunction<'protocols'>) => ({
  label: t(`earlier.${choice}.label`),
  explain: t(`earlier.${choice}.explain`),
});

/** One line on what a re-consent covers: "Samples collected before 2026-11-22 10:00 stay blocked." */
export const coverageText = (
  c: { earlierSamples: Choice | null; coversSamplesFrom: string | null },
  t: TFunction<'protocols'>,
) =>
  c.earlierSamples === 'covered'
    ? t('earlier.coversAll')
    : t('earlier.blockedBefore', { from: (c.coversSamplesFrom ?? '').replace('T', ' ') });
