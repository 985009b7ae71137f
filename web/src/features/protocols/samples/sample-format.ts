import { ApiError } from '@/lib/api-client';
import { serverFormErrors } from '@/lib/contract-resolver';

/** Amounts as people read them: at most 6 decimals, thousands separated (the server keeps 9). */
export const numberText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** An amount with the sample's unit symbol, e.g. "4.5 mL". */
export const amountText = (n: number, s: { unitOfMeasurement: { unitSymbol: string | null; unitName: string | null } }) => {
  const unit = s.unitOfMeasurement.unitSymbol ?? s.unitOfMeasurement.unitName;
  return `${numberText(n)}${unit ? ` ${unit}` : ''}`;
};

/**
 * The sentence above a form after a refusal. A conflict (not enrolled, consent withdrawn, overdraw, ID taken)
 * always shows the server's title, even when it also marks a field; a validation failure marks its fields only.
 */
export const problemTitle = (error: unknown) =>
  (error instanceof ApiError && error.status === 409 ? error.message : serverFormErrors(error).title);
