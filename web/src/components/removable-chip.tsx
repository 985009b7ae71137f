import { useEffect, useRef, type Key, type ReactNode, type RefObject } from 'react';
import { Badge, CloseButton, Group, type GroupProps } from '@mantine/core';

interface Props {
  children: ReactNode;
  removeLabel: string;
  onRemove: () => void;
  disabled?: boolean;
}

/**
 * A chosen value with its remove button. Mantine's Pill hides its remove button from keyboards and screen
 * readers; this one is a real, labelled button.
 */
export function RemovableChip({ children, removeLabel, onRemove, disabled }: Props) {
  return (
    <Badge
      size="lg"
      radius="xl"
      variant="light"
      color="gray"
      tt="none"
      fw={500}
      pe={4}
      c="dark.6"
      rightSection={
        <CloseButton
          size="sm"
          radius="xl"
          aria-label={removeLabel}
          disabled={disabled}
          onClick={onRemove}
          data-chip-remove
        />
      }
    >
      {children}
    </Badge>
  );
}

interface ChipGroupProps<T> extends Omit<GroupProps, 'children'> {
  items: T[];
  chip: (item: T) => { key: Key; label: ReactNode; removeLabel: string };
  onRemove: (item: T) => void;
  disabled?: boolean;
  /** Takes focus when the last chip is removed: the field or button that adds chips. */
  emptyFocus?: RefObject<HTMLElement | null>;
}

/**
 * The chips of one field. Removing a chip takes its button away, so focus moves on to the chip that took
 * its place (or the one before it), and to `emptyFocus` after the last, never to the page (issue 28).
 * A removal that is saved first keeps focus until the chip is really gone.
 */
export function ChipGroup<T>({ items, chip, onRemove, disabled, emptyFocus, ...group }: ChipGroupProps<T>) {
  const root = useRef<HTMLDivElement>(null);
  const removing = useRef<{ index: number; count: number } | null>(null);
  const count = items.length;
  useEffect(() => {
    const r = removing.current;
    if (!r || count >= r.count) return;
    removing.current = null;
    const buttons = [...(root.current?.querySelectorAll<HTMLElement>('[data-chip-remove]') ?? [])];
    (buttons[Math.min(r.index, buttons.length - 1)] ?? emptyFocus?.current)?.focus();
  }, [count, emptyFocus]);
  if (!count) return null;
  return (
    <Group ref={root} gap={6} {...group}>
      {items.map((item, index) => {
        const c = chip(item);
        return (
          <RemovableChip
            key={c.key}
            removeLabel={c.removeLabel}
            disabled={disabled}
            onRemove={() => {
              removing.current = { index, count };
              onRemove(item);
            }}
          >
            {c.label}
          </RemovableChip>
        );
      })}
    </Group>
  );
}
