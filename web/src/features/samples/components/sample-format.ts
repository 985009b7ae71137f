import type { CollectedSample } from '@contract/samples.contract';
import { ApiError } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/contract-resolver';
import { formatNumber } from '@/lib/format';
import { i18next } from '@/lib/i18n';

/** Amounts as people read them, in the screens' language: at most 6 decimals, thousands separated (the server keeps 9). */
export const numberText = (n: number) => formatNumber(n, { maximumFractionDigits: 6 });

/** An amount with the sample's unit symbol, e.g. "4.5 mL". */
export const amountText = (
  n: number,
  s: { unitOfMeasurement: { unitSymbol: string | null; unitName: string | null } },
) => {
  const unit = s.unitOfMeasurement.unitSymbol ?? s.unitOfMeasurement.unitName;
  return `${numberText(n)}${unit ? ` ${unit}` : ''}`;
};

/**
 * The sentence above a form after a refusal. A conflict (not enrolled, consent withdrawn, overdraw, ID taken)
 * always shows the server's title, even when it also marks a field; a validation failure marks its fields only.
 */
export const problemTitle = (error: unknown) =>
  error instanceof ApiError && error.status === 409 ? error.message : serverFormErrors(error).title;

/**
 * Why the server would refuse a sub-sample of this sample (samples.service: consent withdrawn, in an open
 * shipment, disabled), or null. The '+' and Create Sub-sample are offered only when it can succeed, so
 * nobody fills the form to be told 409 (issue 28 item 5).
 */
export function subSampleRefusal(
  s: Pick<CollectedSample, 'sampleId' | 'hasWithdrawnConsent' | 'inTransit' | 'transitShipment' | 'isEnabled'>,
): string | null {
  const { sampleId } = s;
  if (s.hasWithdrawnConsent) return i18next.t('refusal.consent', { ns: 'samples', sampleId });
  if (s.inTransit)
    return i18next.t('refusal.inTransit', { ns: 'samples', sampleId, shipment: s.transitShipment?.name ?? '' });
  if (!s.isEnabled) return i18next.t('refusal.disabled', { ns: 'samples', sampleId });
  return null;
}
