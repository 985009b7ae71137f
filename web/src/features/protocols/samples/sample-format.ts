/** Amounts as people read them: at most 6 decimals, thousands separated (the server keeps 9). */
export const numberText = (n: number) => n.toLocaleString('en-US', { maximumFractionDigits: 6 });

/** An amount with the sample's unit symbol, e.g. "4.5 mL". */
export const amountText = (n: number, s: { unitOfMeasurement: { unitSymbol: string | null; unitName: string | null } }) => {
  const unit = s.unitOfMeasurement.unitSymbol ?? s.unitOfMeasurement.unitName;
  return `${numberText(n)}${unit ? ` ${unit}` : ''}`;
};
