import { Children, type ReactNode } from 'react';
import { Stack, Text } from '@mantine/core';
import { isolated } from './isolated';

interface Props {
  label: string;
  /**
   * The value. Plain text (a code, a date and time written as `{date} {time}`, a number, a name) is isolated as one
   * piece (components/isolated.tsx), so a right-to-left page keeps its order; elements (a link, badges, chips) are
   * left as they are, and text beside them is isolated piece by piece. Nothing (null, '', false): '—'.
   */
  children?: ReactNode;
  /** The label's look: small bold capitals (most views) or plain small text (a distribution protocol's, a request's). */
  labelStyle?: 'caps' | 'plain';
  /** The label's colour: the theme's dimmed grey or Mantine's gray.7, as each view had it. */
  labelColor?: 'dimmed' | 'gray.7';
  /** The value's text size: 'sm' (most views) or the page's 'md' (a protocol's overview, a participant's details). */
  size?: 'sm' | 'md';
  /** Pixels between the label and the value (a shipment's fields: 2). */
  gap?: number;
}

/** A value with its direction kept: one isolate for plain text, each text piece isolated beside elements. */
function isolatedValue(children: ReactNode): ReactNode {
  const parts = Children.toArray(children);
  if (parts.every((p) => p === '')) return '—';
  if (parts.every((p) => typeof p === 'string' || typeof p === 'number')) return isolated(parts.join(''));
  return Children.map(children, isolated);
}

/**
 * A detail view's label and value (a sample's, a participant's, an order's, a shipment's, a protocol's, a
 * distribution protocol's, a research request's): the one place where a value is isolated from the page's direction
 * (issue 33 item 5), so '2026-11-29 14:05' or 'S-2026-000123' read as written in a right-to-left language.
 */
export function DetailField({
  label,
  children,
  labelStyle = 'caps',
  labelColor = 'dimmed',
  size = 'sm',
  gap = 0,
}: Props) {
  const caps = labelStyle === 'caps';
  return (
    <Stack gap={gap}>
      <Text size="xs" c={labelColor} fw={caps ? 600 : undefined} tt={caps ? 'uppercase' : undefined}>
        {label}
      </Text>
      <Text size={size} component="div">
        {isolatedValue(children)}
      </Text>
    </Stack>
  );
}
