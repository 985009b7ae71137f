import { useRef, useState, type KeyboardEvent } from 'react';
import { Box, Group, Loader, Text, Tooltip, UnstyledButton } from '@mantine/core';
import type { BoxPosition, StorageNode } from '@contract/storage.contract';
import classes from './storage.module.css';

interface Props {
  box: StorageNode;
  positions: BoxPosition[] | undefined;
  loading: boolean;
  onOpen: (position: BoxPosition) => void;
}

/** Starts with the visible text (code, AVAIL or OCC), then what a sighted user reads from the hover. */
const describe = (p: BoxPosition) => `${p.code} ${p.occupied ? 'OCC' : 'AVAIL'}, row ${p.rowIndex} column ${p.columnIndex}${p.occupant
  ? `: ${p.occupant.sampleId}${p.occupant.specimenType?.title ? ` (${p.occupant.specimenType.title})` : ''}` : ''}`;

/**
 * A box's positions as a rows x columns grid of cards marked AVAIL or OCC (spec 2 §2), the occupant's
 * sample ID and specimen type on hover. One Tab stop; the arrow keys, Home and End move, Enter opens.
 */
export function BoxGrid({ box, positions, loading, onOpen }: Props) {
  const [focused, setFocused] = useState(0);
  const gridRef = useRef<HTMLDivElement>(null);
  if (loading || !positions) return <Group><Loader size="sm" /><Text size="sm">Loading positions…</Text></Group>;
  // Cells are placed by row and column whatever the fill order.
  const cells = [...positions].sort((a, b) => a.rowIndex - b.rowIndex || a.columnIndex - b.columnIndex);
  const free = positions.filter((p) => !p.occupied).length;

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
    setFocused(next);
    gridRef.current?.querySelectorAll<HTMLElement>('[data-cell]')[next]?.focus();
  };

  return (
    <Box>
      <Text size="sm" c="dimmed" mb="xs">{positions.length - free} of {positions.length} positions occupied, {free} available.</Text>
      <Box style={{ overflowX: 'auto' }}>
        <div ref={gridRef} role="group" aria-label={`Positions of ${box.title}`} className={classes.grid} onKeyDown={move}
          style={{ gridTemplateColumns: `repeat(${box.columns}, minmax(30px, 1fr))`, minWidth: box.columns * 34 - 4 }}>
          {cells.map((p, i) => (
            <Tooltip key={p.id} label={p.occupant ? `${p.occupant.sampleId}${p.occupant.specimenType?.title ? ` · ${p.occupant.specimenType.title}` : ''}` : 'Available'} openDelay={200}>
              <UnstyledButton data-cell className={classes.cell} data-occupied={p.occupied || undefined} tabIndex={i === focused ? 0 : -1}
                aria-label={describe(p)} onFocus={() => setFocused(i)} onClick={() => onOpen(p)}>
                <span className={classes.cellCode}>{p.code}</span> <span className={classes.cellState}>{p.occupied ? 'OCC' : 'AVAIL'}</span>
              </UnstyledButton>
            </Tooltip>
          ))}
        </div>
      </Box>
    </Box>
  );
}
