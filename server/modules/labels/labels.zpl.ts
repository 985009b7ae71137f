import {
  labelLines,
  PRINTED_LABEL_WORDS,
  type ParsedLabel,
  type PrintedLabelWords,
} from '../../../contract/labels.contract';

/**
 * ZPL II for a 2 x 1 inch label at 203 dpi (406 x 203 dots), the common Zebra sample-tube size.
 * Layout (spec 2 §9): date, Code 128 of the sample ID with the ID printed under it, then the
 * order label's patient name and MRN when present.
 */
const WIDTH = 406;
const HEIGHT = 203;
const MARGIN = 20;

/**
 * Text for a ^FH_ field: '^' and '~' start ZPL commands and '_' is the hex indicator, so each is
 * written as _XX; anything outside printable ASCII is written as its UTF-8 bytes (^CI28 decodes them).
 */
export function zplText(value: string): string {
  let out = '';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (code < 0x20 || code === 0x7f) continue;
    if (ch === '^' || ch === '~' || ch === '_' || code > 0x7e) {
      for (const byte of Buffer.from(ch, 'utf8')) out += `_${byte.toString(16).toUpperCase().padStart(2, '0')}`;
    } else {
      out += ch;
    }
  }
  return out;
}

/**
 * Data for ^BC (Code 128, subset B): '>' starts an invocation code, so the three characters ZPL
 * reserves are written with theirs: '>' as '>0', '^' as '><', '~' as '>=' (ZPL II manual, ^BC).
 */
export function zplCode128Data(value: string): string {
  return value.replace(/[>^~]/g, (c) => (c === '>' ? '>0' : c === '^' ? '><' : '>='));
}

/** Module width so the barcode fits the label: 2 dots when it fits, else 1. */
function moduleWidth(data: string): number {
  const modules = 11 * (data.length + 3) + 2 + 20; // start, check, stop + quiet zones
  return modules * 2 <= WIDTH - 2 * MARGIN ? 2 : 1;
}

export function labelToZpl(label: ParsedLabel, words: PrintedLabelWords = PRINTED_LABEL_WORDS): string {
  const lines = ['^XA', '^CI28', `^PW${WIDTH}`, `^LL${HEIGHT}`, '^LH0,0'];
  if (label.date) lines.push(`^FO${MARGIN},12^A0N,22,22^FH_^FD${zplText(label.date)}^FS`);
  lines.push(
    `^FO${MARGIN},38^BY${moduleWidth(label.sampleId)},3,60`,
    `^BCN,60,Y,N,N^FD${zplCode128Data(label.sampleId)}^FS`,
  );
  // The order label's patient name and MRN, or a received sample's specimen type and donor code (labelLines).
  labelLines(label, words).forEach((text, i) => {
    const y = 128 + 30 * i;
    const size = i === 0 ? 24 : 22;
    lines.push(`^FO${MARGIN},${y}^A0N,${size},${size}^FB${WIDTH - 2 * MARGIN},1,0,L,0^FH_^FD${zplText(text)}^FS`);
  });
  lines.push(`^PQ${label.copies},0,1,Y`, '^XZ');
  return lines.join('\n');
}

/** One ZPL document for a job: one ^XA..^XZ format per distinct label, ^PQ carrying its copies. */
export function labelsToZpl(labels: ParsedLabel[], words: PrintedLabelWords = PRINTED_LABEL_WORDS): string {
  return `${labels.map((l) => labelToZpl(l, words)).join('\n')}\n`;
}
