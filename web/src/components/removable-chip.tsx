import type { ReactNode } from 'react';
import { Badge, CloseButton } from '@mantine/core';

interface Props { children: ReactNode; removeLabel: string; onRemove: () => void; disabled?: boolean }

/**
 * A chosen value with its remove button. Mantine's Pill hides its remove button from keyboards and screen
 * readers; this one is a real, labelled button.
 */
export function RemovableChip({ children, removeLabel, onRemove, disabled }: Props) {
  return (
    <Badge size="lg" radius="xl" variant="light" color="gray" tt="none" fw={500} pr={4} c="dark.6"
      rightSection={<CloseButton size="sm" radius="xl" aria-label={removeLabel} disabled={disabled} onClick={onRemove} />}>
      {children}
    </Badge>
  );
}
