import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { Box, Button, Group, Loader, Text, TextInput, Tooltip, UnstyledButton } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import type { BoxPosition, StorageNode } from '@contract/storage.contract';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { colorVars, kindKey, specimenKinds, type SpecimenKind } from './specimen-colors';
import classes from './storage.module.css';

interface Props {
  box: StorageNode;
  positions: BoxPosition[] | undefined;
  loading: boolean;
  onOpen: (position: BoxPosition) => void;
}

/**
 * The cell's name starts with what the cell shows (code, then AVAIL, or the sample ID and specimen type),
 * so a voice-control user can say what they see; then OCC and the row and column.
 */
const describe = (p: BoxPosition, t: TFunction<'storage'>) => {
  const place = t('grid.place', { row: p.rowIndex, column: p.columnIndex });
  if (!p.occupant) return `${p.code} ${t('grid.avail')}, ${place}`;
  return `${p.code} ${p.occupant.sampleId}${p.occupant.specimenType?.title ? ` ${p.occupant.specimenType.title}` : ''}, ${t('grid.occ')}, ${place}`;
};

/** A sample ID may break after its separators (AB-20260401-001.1 over three lines), never inside a run. */
const breakable = (id: string) => id.split(/(?<=[-./_])/).flatMap((part, i) => (i ? [<wbr key={i} />, part] : [part]));

/**
 * A box's positions as a rows x columns grid (spec 2 §2): a free cell says AVAIL; an occupied one its
 * sample ID and specimen type, coloured by type with a legend (issue 28). Find a sample by scanning or
 * typing its ID: its cell is highlighted and focused. One Tab stop; the arrow keys, Home and End move,
 * Enter opens.
 */
export function BoxGrid({ box, positions, loading, onOpen }: Props) {
  const { t } = useTranslation('storage');
  const [focused, setFocused] = useState(0);
  const [sought, setSought] = useState('');
  const [found, setFound] = useState<{ id: number | null; text: string } | null>(null);
  const gridRef = useRef<HTMLDivElement>(null);
  if (loading || !positions)
    return (
      <Group>
        <Loader size="sm" />
        <Text size="sm">{t('grid.loading')}</Text>
      </Group>
    );
  // Cells are placed by row and column whatever the fill order.
  const cells = [...positions].sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
  const free = positions.filter((p) => !p.occupied).length;
  const kinds = specimenKinds(positions);
  const focusCell = (i: number) => {
    setFocused(i);
    gridRef.current?.querySelectorAll<HTMLElement>('[data-cell]')[i]?.focus();
  };

  const move = (e: KeyboardEvent<HTMLDivElement>) => {
    const cols = box.columns;
    const step: Record<string, number> = { ArrowRight: 1, ArrowLeft: -1, ArrowDown: cols, ArrowUp: -cols };
    let next = focused;
    if (e.key in step) next = focused + step[e.key];
    else if (e.key === 'Home') next = e.ctrlKey ? 0 : focused - (focused % cols);
    else if (e.key === 'End') next = e.ctrlKey ? cells.length - 1 : focused - (focused % cols) + cols - 1;
    else return;
    e.preventDefault();
    if (next < 0 || next >= cells.length) return;
    focusCell(next);
  };

  // A scanner types the barcode and Enter: the sample's cell is highlighted and takes the focus.
  const find = (e: FormEvent) => {
    e.preventDefault();
    const text = sought.trim();
    if (!text) return;
    const i = cells.findIndex((p) => p.occupant?.sampleId.toLowerCase() === text.toLowerCase());
    setFound({ id: i < 0 ? null : cells[i].id, text });
    if (i >= 0) focusCell(i);
  };
  const hit = found?.id ? cells.find((p) => p.id === found.id) : undefined;

  return (
    <Box>
      <form onSubmit={find} role="search" aria-label={t('grid.findIn', { box: box.title })}>
        <Group gap="xs" align="flex-end" wrap="nowrap" mb={4}>
          <TextInput
            label={t('grid.find')}
            placeholder={t('grid.findPlaceholder')}
            value={sought}
            onChange={(e) => setSought(e.currentTarget.value)}
            autoComplete="off"
            spellCheck={false}
            flex={1}
            maw={360}
          />
          <Button type="submit" variant="default" leftSection={<IconSearch size={16} />}>
            {t('grid.findButton')}
          </Button>
        </Group>
      </form>
      <Text size="sm" mb="xs" role="status" c={found && !hit ? 'red.9' : undefined} fw={found ? 500 : undefined}>
        {found
          ? hit
            ? t('grid.foundAt', { sampleId: hit.occupant!.sampleId, code: hit.code })
            : t('grid.notInBox', { text: found.text })
          : ''}
      </Text>
      <Text size="sm" c="dimmed" mb="xs">
        {t('grid.occupancy', { occupied: positions.length - free, total: positions.length, free })}
      </Text>
      {kinds.size > 0 && <Legend kinds={[...kinds.values()]} free={free} />}
      <Box className={classes.gridScroll}>
        <div
          ref={gridRef}
          role="group"
          aria-label={t('grid.positionsOf', { box: box.title })}
          className={classes.grid}
          onKeyDown={move}
          style={{ gridTemplateColumns: `repeat(${box.columns}, minmax(var(--cell-min), 1fr))` }}
        >
          {cells.map((p, i) => {
            const kind = p.occupant ? kinds.get(kindKey(p)) : undefined;
            return (
              <Tooltip
                key={p.id}
                label={
                  p.occupant
                    ? `${p.occupant.sampleId}${p.occupant.specimenType?.title ? ` · ${p.occupant.specimenType.title}` : ''}`
                    : t('grid.available')
                }
                openDelay={400}
              >
                <UnstyledButton
                  data-cell
                  className={classes.cell}
                  data-occupied={p.occupied || undefined}
                  data-found={found?.id === p.id || undefined}
                  style={kind ? colorVars(kind.color) : undefined}
                  tabIndex={i === focused ? 0 : -1}
                  aria-label={describe(p, t)}
                  onFocus={() => setFocused(i)}
                  onClick={() => onOpen(p)}
                >
                  {/* The spaces between the blocks keep the words apart in the cell's text. */}
                  <span className={classes.cellCode}>{p.code}</span>{' '}
                  {p.occupant ? (
                    <>
                      <span className={classes.cellSample}>{breakable(p.occupant.sampleId)}</span>{' '}
                      {p.occupant.specimenType?.title && (
                        <span className={classes.cellType}>{p.occupant.specimenType.title}</span>
                      )}
                    </>
                  ) : (
                    <span className={classes.cellState}>{t('grid.avail')}</span>
                  )}
                </UnstyledButton>
              </Tooltip>
            );
          })}
        </div>
      </Box>
    </Box>
  );
}

/** The colour of each specimen type in the box and how many; the cells say the type in words as well. */
function Legend({ kinds, free }: { kinds: SpecimenKind[]; free: number }) {
  const { t } = useTranslation('storage');
  return (
    <ul className={classes.legend} aria-label={t('grid.legend')}>
      {kinds.map((k) => (
        <li key={k.key}>
          <span className={classes.swatch} style={colorVars(k.color)} aria-hidden />
          {k.title} ({k.count})
        </li>
      ))}
      <li>
        <span className={classes.swatch} aria-hidden />
        {t('grid.availableCount', { n: free })}
      </li>
    </ul>
  );
}
