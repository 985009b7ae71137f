import { useEffect, useRef, type KeyboardEvent } from 'react';
import { Badge, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ProtocolEvent } from '@contract/protocol-events.contract';
import { timePoint } from './time-point';
import classes from './events.module.css';

interface Props {
  events: ProtocolEvent[];
  selectedId: number;
  onSelect: (id: number) => void;
}

/**
 * spec 2 §2 "Events page" left list: label and code (plus time point and site), in the server's time order.
 * Exactly one is selected (spec 2 §4). A listbox: Up/Down, Home/End move the selection, Tab leaves it.
 */
export function EventList({ events, selectedId, onSelect }: Props) {
  const refs = useRef(new Map<number, HTMLButtonElement>());
  // Set by an arrow key: focus follows the selection once the new address has rendered it.
  const follow = useRef(false);
  const { t } = useTranslation('protocols');
  useEffect(() => {
    if (!follow.current) return;
    follow.current = false;
    refs.current.get(selectedId)?.focus();
  }, [selectedId]);
  const move = (e: KeyboardEvent, index: number) => {
    const to = { ArrowDown: index + 1, ArrowUp: index - 1, Home: 0, End: events.length - 1 }[e.key];
    if (to === undefined || to < 0 || to >= events.length) return;
    e.preventDefault();
    follow.current = true;
    onSelect(events[to].id);
  };
  return (
    <Stack gap={4} role="listbox" aria-label={t('events.list')} aria-orientation="vertical">
      {events.map((e, i) => {
        const selected = e.id === selectedId;
        return (
          <UnstyledButton
            key={e.id}
            role="option"
            aria-selected={selected}
            tabIndex={selected ? 0 : -1}
            className={classes.event}
            ref={(el) => {
              if (el) refs.current.set(e.id, el);
              else refs.current.delete(e.id);
            }}
            data-selected={selected || undefined}
            onClick={() => onSelect(e.id)}
            onKeyDown={(k) => move(k, i)}
          >
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Text fw={600} size="sm" lineClamp={2}>
                {e.label}
              </Text>
              <Badge variant="light" size="sm" style={{ flexShrink: 0 }}>
                {e.eventCode}
              </Badge>
            </Group>
            <Text size="xs" c="gray.7">
              {timePoint(e, t)}
              {e.institutionSite?.title ? ` · ${e.institutionSite.title}` : ''}
            </Text>
          </UnstyledButton>
        );
      })}
    </Stack>
  );
}
