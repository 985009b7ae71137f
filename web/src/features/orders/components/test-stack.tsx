import { Box, Group, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { ResultInput } from './result-input';
import { resultKind, type ResultKind } from './result-values';
import {
  FlagBadge,
  ReleaseState,
  TestMenu,
  TestName,
  referenceText,
  testRowState,
  unreleasedStyle,
  type TestRowProps,
} from './test-parts';

/** The reference's label by result kind (none for free text): `orders:panel.<key>`. */
const REFERENCE_LABEL: Record<ResultKind, 'acceptedValues' | 'range' | null> = {
  accepted: 'acceptedValues',
  numeric: 'range',
  text: null,
};

/**
 * One test on a phone: name and menu, then the result box with its unit, then reference, flag and
 * release state, each labelled, so nothing needs a sideways scroll.
 */
export function TestStack(props: TestRowProps) {
  const { test: t, drafts, can } = props;
  const { released, value, flag, hasMenu } = testRowState(props);
  const { t: tr } = useTranslation('orders');
  const reference = REFERENCE_LABEL[resultKind(t)];
  const unit = t.test.unitSymbol ?? '';
  return (
    <Box
      component="li"
      data-released={released}
      p="xs"
      mb="xs"
      aria-label={t.test.title}
      style={{
        border: '1px solid var(--mantine-color-gray-3)',
        borderRadius: 'var(--mantine-radius-sm)',
        ...(released ? {} : unreleasedStyle),
      }}
    >
      <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
        <div style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          <TestName test={t} />
        </div>
        {hasMenu && <TestMenu {...props} released={released} value={value} />}
      </Group>
      <Group wrap="nowrap" gap="xs" mt={6} align="flex-start">
        <Box flex={1} miw={0}>
          <ResultInput
            test={t}
            value={value}
            error={drafts.errorOf(t)}
            readOnly={released || !can.enter}
            onChange={(v) => drafts.set(t, v)}
            onBlur={() => drafts.touch(t)}
          />
        </Box>
        {unit && (
          <Text size="sm" mt={8} style={{ flexShrink: 0 }}>
            {unit}
          </Text>
        )}
      </Group>
      <Group gap="xs" mt={6} justify="space-between" align="flex-start">
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
          {reference && (
            <Text span inherit fw={600}>
              {tr(`panel.${reference}`)}:{' '}
            </Text>
          )}
          {referenceText(t, tr)}
        </Text>
        <Group gap={6} align="flex-start">
          <FlagBadge flag={flag} />
          <ReleaseState test={t} changed={drafts.isChanged(t)} />
        </Group>
      </Group>
    </Box>
  );
}
