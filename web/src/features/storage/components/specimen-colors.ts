import { compareText } from '@/lib/format';
import { i18next } from '@/lib/i18n';
import type { CSSProperties } from 'react';
import type { BoxPosition } from '@contract/storage.contract';

/**
 * Light backgrounds with a darker border per specimen type; the cell's text stays dark on each, so it reads
 * (and passes contrast) whatever the colour, and the colour is never the only cue: the type is written too.
 */
const PALETTE = [
  'teal',
  'grape',
  'orange',
  'blue',
  'lime',
  'pink',
  'cyan',
  'yellow',
  'indigo',
  'red',
  'violet',
  'green',
] as const;
export type SpecimenColor = (typeof PALETTE)[number];

export interface SpecimenKind {
  key: string;
  title: string;
  color: SpecimenColor;
  count: number;
}

/** The key of an occupant's specimen type (none: 'none'). */
export const kindKey = (p: BoxPosition) => (p.occupant?.specimenType ? String(p.occupant.specimenType.id) : 'none');

/**
 * The specimen types in a box with their colours and counts, by title. A type keeps the colour its id
 * picks (the same in every box) unless another type in this box took it first, then the next free one.
 */
export function specimenKinds(positions: BoxPosition[]): Map<string, SpecimenKind> {
  const kinds = new Map<string, SpecimenKind>();
  for (const p of positions) {
    if (!p.occupant) continue;
    const key = kindKey(p);
    const kind = kinds.get(key);
    if (kind) kind.count++;
    else
      kinds.set(key, {
        key,
        title: p.occupant.specimenType?.title ?? i18next.t('noSpecimenType', { ns: 'common' }),
        color: PALETTE[0],
        count: 1,
      });
  }
  const taken = new Set<SpecimenColor>();
  const byId = [...kinds.values()].sort((a, b) => (Number(a.key) || 0) - (Number(b.key) || 0));
  for (const kind of byId) {
    const start = (Number(kind.key) || 0) % PALETTE.length;
    const free =
      PALETTE.map((_, i) => PALETTE[(start + i) % PALETTE.length]).find((c) => !taken.has(c)) ?? PALETTE[start];
    taken.add(free);
    kind.color = free;
  }
  return new Map([...kinds.entries()].sort(([, a], [, b]) => compareText(a.title, b.title)));
}

/** The cell's background and border for a colour (storage.module.css reads them). */
export const colorVars = (color: SpecimenColor) =>
  ({
    '--cell-bg': `var(--mantine-color-${color}-1)`,
    '--cell-border': `var(--mantine-color-${color}-7)`,
  }) as CSSProperties;
