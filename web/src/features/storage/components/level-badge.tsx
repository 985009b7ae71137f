import { Badge } from '@mantine/core';
import { IconBox, IconFridge, IconLayoutRows, IconServer, IconStack2 } from '@tabler/icons-react';
import type { StorageLevel } from '@contract/storage.contract';
import { useTranslation } from 'react-i18next';

const ICONS = {
  container: IconFridge,
  shelf: IconLayoutRows,
  rack: IconServer,
  drawer: IconStack2,
  box: IconBox,
} as const;
const COLORS: Record<StorageLevel, string> = {
  container: 'blue',
  shelf: 'teal',
  rack: 'grape',
  drawer: 'orange',
  box: 'indigo',
};

export function LevelIcon({ level, size = 16 }: { level: StorageLevel; size?: number }) {
  const Icon = ICONS[level];
  return <Icon size={size} aria-hidden color={`var(--mantine-color-${COLORS[level]}-7)`} style={{ flexShrink: 0 }} />;
}

/** The node's type as the spec's badge: Container, Shelf, Rack, Drawer, Box. */
export function LevelBadge({ level }: { level: StorageLevel }) {
  const { t } = useTranslation('storage');
  return (
    <Badge color={COLORS[level]} variant="light" leftSection={<LevelIcon level={level} size={12} />}>
      {t(`level.${level}`)}
    </Badge>
  );
}
