import { useState, type CSSProperties, type ReactNode } from 'react';
import {
  ActionIcon,
  Alert,
  Anchor,
  Badge,
  Button,
  Group,
  Loader,
  Pagination,
  Paper,
  Stack,
  Text,
  Tooltip,
} from '@mantine/core';
import { IconAlertCircle, IconChevronDown, IconChevronRight, IconDatabaseOff, IconPlus } from '@tabler/icons-react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { formatCount } from '@/lib/format';
import type { CollectedSample, SampleTreeNode } from '@contract/samples.contract';
import type { Page } from '@/lib/api-client';
import { useCurrentInstitution } from '@/lib/session-context';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { amountText, numberText, subSampleRefusal } from './sample-format';
import { useSampleTree } from '../api/samples';
import classes from './samples.module.css';

type Sample = CollectedSample | SampleTreeNode;

interface Column {
  label: string;
  track: string;
  value: (s: Sample) => ReactNode;
}

type T = TFunction<'samples'>;

const kindBadges = (s: Sample, t: T) => (
  <>
    {s.kind !== 'primary' && (
      <Badge size="sm" variant="light" color={s.kind === 'aliquot' ? 'blue' : 'grape'}>
        {t(`kind.${s.kind}`)}
      </Badge>
    )}
    {s.hasWithdrawnConsent && (
      <Badge size="sm" color="red" variant="filled">
        {t('badge.consentWithdrawn')}
      </Badge>
    )}
    {s.inTransit && (
      <Badge size="sm" color="orange" variant="light">
        {t('badge.inShipment')}
      </Badge>
    )}
  </>
);

/** spec 2 §2 "Collected Samples screen" columns (the sample ID column is the tree itself). */
const protocolColumns = (t: T): Column[] => [
  { label: t('tree.specimenType'), track: 'minmax(110px, 1fr)', value: (s) => s.specimenType?.title ?? '—' },
  { label: t('tree.collected'), track: '110px', value: (s) => amountText(s.collectedAmount, s) },
  {
    label: t('tree.remaining'),
    track: '110px',
    value: (s) => (
      <Text span size="sm" fw={600}>
        {amountText(s.remainingAmount, s)}
      </Text>
    ),
  },
  { label: t('tree.collectedDate'), track: '130px', value: (s) => s.collectedDate.slice(0, 10) },
];

/** spec 2 §2 "Participant Collected Samples list": Event, Specimen Type, amounts and the unit apart. */
const participantColumns = (t: T): Column[] => [
  { label: t('tree.event'), track: 'minmax(90px, 1fr)', value: (s) => s.collectionProtocolEvent?.label ?? '—' },
  { label: t('tree.specimenType'), track: 'minmax(110px, 1fr)', value: (s) => s.specimenType?.title ?? '—' },
  { label: t('tree.collectedAmount'), track: '90px', value: (s) => numberText(s.collectedAmount) },
  {
    label: t('tree.remainingAmount'),
    track: '90px',
    value: (s) => (
      <Text span size="sm" fw={600}>
        {numberText(s.remainingAmount)}
      </Text>
    ),
  },
  {
    label: t('tree.unit'),
    track: '60px',
    value: (s) => s.unitOfMeasurement.unitSymbol ?? s.unitOfMeasurement.unitName ?? '—',
  },
];

interface Props {
  query: UseQueryResult<Page<CollectedSample>>;
  page: number;
  onPage: (page: number) => void;
  variant: 'protocol' | 'participant';
  /** The plus button of a row (accounts that may collect; not on a sample the server would refuse); none: no button. */
  onAddSubSample?: (s: Sample) => void;
  /** Where a sample's ID links to (its detail page). */
  hrefOf: (s: Sample) => string;
  emptyText: string;
}

/**
 * The samples of a page as an expandable tree: each primary sample from the list, its descendants from
 * GET {id}/tree once the row is expanded (their remaining amounts too). Below `sm` each row wraps and its
 * values carry their labels.
 */
export function SampleTree({ query, page, onPage, variant, onAddSubSample, hrefOf, emptyText }: Props) {
  const { t } = useTranslation('samples');
  const columns = variant === 'protocol' ? protocolColumns(t) : participantColumns(t);
  const style = {
    '--sample-cols': ['minmax(190px, 1.6fr)', ...columns.map((c) => c.track), onAddSubSample ? '44px' : '0px'].join(
      ' ',
    ),
  } as CSSProperties;
  if (query.isError) {
    return (
      <Alert color="red" icon={<IconAlertCircle />} title={t('tree.loadFailed')}>
        <Group justify="space-between">
          <Text size="sm">{query.error.message}</Text>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('tree.tryAgain')}
          </Button>
        </Group>
      </Alert>
    );
  }
  if (query.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader role="status" type="dots" aria-label={t('tree.loading')} />
      </Group>
    );
  const { items, pagination } = query.data;
  if (items.length === 0) {
    return (
      <Paper withBorder radius="md">
        <Stack align="center" gap={6} py="lg">
          <IconDatabaseOff size={28} stroke={1.5} color="var(--mantine-color-gray-6)" />
          <Text size="sm" c="gray.7">
            {emptyText}
          </Text>
        </Stack>
      </Paper>
    );
  }
  const pages = Math.max(
    1,
    pagination.TotalPages ?? Math.ceil(pagination.TotalCount / Math.max(1, pagination.PageSize)),
  );
  return (
    <Stack gap="sm">
      <Paper
        withBorder
        radius="md"
        style={{ ...style, opacity: query.isFetching ? 0.7 : 1 }}
        aria-busy={query.isFetching}
      >
        <div className={classes.header} aria-hidden>
          <span>{t('tree.sampleId')}</span>
          {columns.map((c) => (
            <span key={c.label}>{c.label}</span>
          ))}
          <span />
        </div>
        <ul className={classes.list} aria-label={t('tree.name')}>
          {items.map((s) => (
            <PrimaryRow key={s.id} sample={s} columns={columns} onAddSubSample={onAddSubSample} hrefOf={hrefOf} />
          ))}
        </ul>
      </Paper>
      <Group justify="space-between">
        <Text size="sm" c="gray.7">
          {t('tree.primary', { count: pagination.TotalCount, formatted: formatCount(pagination.TotalCount) })}
        </Text>
        {pages > 1 && (
          <Pagination
            total={pages}
            value={page}
            onChange={onPage}
            size="sm"
            getControlProps={(c) => ({ 'aria-label': t('tree.pageLabel', { page: c }) })}
          />
        )}
      </Group>
    </Stack>
  );
}

interface RowProps {
  columns: Column[];
  onAddSubSample?: (s: Sample) => void;
  hrefOf: (s: Sample) => string;
}

function PrimaryRow({ sample, ...rest }: RowProps & { sample: CollectedSample }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const [open, setOpen] = useState(false);
  const tree = useSampleTree(institution.id, protocol.id, sample.id, open);
  // Expanded, the tree is the fresher record (its remaining amount follows every draw). Collapsed, a tree
  // cached by the sample's page is not refetched (the query is disabled), so the list's record is the current one.
  const shown: Sample = open && tree.data ? tree.data : sample;
  return (
    <li>
      <Row sample={shown} depth={0} open={open} onToggle={() => setOpen(!open)} expandable {...rest} />
      {open && (
        <>
          {tree.isPending && (
            <Text size="sm" c="gray.7" px="md" py={4}>
              {t('tree.loadingChildren')}
            </Text>
          )}
          {tree.isError && (
            <Text size="sm" c="red.8" px="md" py={4}>
              {t('tree.childrenFailed', { reason: tree.error.message })}
            </Text>
          )}
          {tree.isSuccess && tree.data.children.length === 0 && (
            <Text size="sm" c="gray.7" py={4} ps={36}>
              {t('tree.noChildren')}
            </Text>
          )}
          {tree.isSuccess && tree.data.children.length > 0 && (
            <Children nodes={tree.data.children} depth={1} {...rest} />
          )}
        </>
      )}
    </li>
  );
}

function Children({ nodes, depth, ...rest }: RowProps & { nodes: SampleTreeNode[]; depth: number }) {
  const { t } = useTranslation('samples');
  return (
    <ul className={classes.list} aria-label={t('tree.children')}>
      {nodes.map((n) => (
        <ChildRow key={n.id} node={n} depth={depth} {...rest} />
      ))}
    </ul>
  );
}

function ChildRow({ node, depth, ...rest }: RowProps & { node: SampleTreeNode; depth: number }) {
  const [open, setOpen] = useState(true);
  const has = node.children.length > 0;
  return (
    <li>
      <Row sample={node} depth={depth} open={open} onToggle={() => setOpen(!open)} expandable={has} {...rest} />
      {has && open && <Children nodes={node.children} depth={depth + 1} {...rest} />}
    </li>
  );
}

function Row({
  sample,
  depth,
  open,
  onToggle,
  expandable,
  columns,
  onAddSubSample,
  hrefOf,
}: RowProps & {
  sample: Sample;
  depth: number;
  open: boolean;
  onToggle: () => void;
  expandable: boolean;
}) {
  const { t } = useTranslation('samples');
  return (
    <div
      className={classes.row}
      role="group"
      aria-label={t('tree.row', { sampleId: sample.sampleId })}
      style={{ '--depth': depth } as CSSProperties}
    >
      <div className={classes.tree}>
        {expandable ? (
          <ActionIcon
            variant="subtle"
            color="gray"
            size="sm"
            aria-expanded={open}
            onClick={onToggle}
            aria-label={t(open ? 'tree.collapse' : 'tree.expand', { sampleId: sample.sampleId })}
          >
            {open ? <IconChevronDown size={16} /> : <IconChevronRight size={16} />}
          </ActionIcon>
        ) : (
          <span style={{ width: 22, flexShrink: 0 }} />
        )}
        <Anchor component={Link} to={hrefOf(sample)} size="sm" fw={600} style={{ wordBreak: 'break-all' }}>
          {sample.sampleId}
        </Anchor>
        {kindBadges(sample, t)}
      </div>
      {columns.map((c) => (
        <Text key={c.label} size="sm" component="div">
          <span className={classes.cellLabel}>{t('tree.cellLabel', { label: c.label })}</span>
          {c.value(sample)}
        </Text>
      ))}
      <div className={classes.actions}>
        {onAddSubSample && !subSampleRefusal(sample) && (
          <Tooltip label={t('tree.addChild')}>
            <ActionIcon
              variant="light"
              aria-label={t('tree.addChildOf', { sampleId: sample.sampleId })}
              onClick={() => onAddSubSample(sample)}
            >
              <IconPlus size={16} />
            </ActionIcon>
          </Tooltip>
        )}
      </div>
    </div>
  );
}
