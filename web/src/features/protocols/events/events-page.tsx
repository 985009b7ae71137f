import { useState } from 'react';
import { Alert, Badge, Button, Card, Grid, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import type { ProtocolEvent } from '@contract/protocol-events.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { protocolPath, useCurrentProtocol } from '@/lib/protocol-context';
import { AddChildForm } from './add-child-form';
import { EventForm } from './event-form';
import { EventList } from './event-list';
import { timePoint } from './time-point';
import { useEvents, useRequirements } from '@/lib/protocol-events';
import { RequirementForm } from './requirement-form';
import { RequirementTree, type TreeNode } from '@/components/requirement-tree';

/**
 * spec 2 §2 "Events page": the events on the left (time order, exactly one selected, the first by default;
 * the choice lives in the address as ?event=<id>), the selected event's specimen requirement trees on the
 * right. events/new creates an event, events/requirements/new a requirement of the selected event.
 */
export function EventsPage() {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const canManage = useCan('protocols.manage');
  const events = useEvents(institution.id, protocol.id);
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const sub = useParams()['*'] ?? '';
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const list = events.data ?? [];
  const wanted = Number(params.get('event'));
  const selected = list.find((e) => e.id === wanted) ?? list[0] ?? null;
  const go = (path: string, eventId = selected?.id) =>
    void navigate({ pathname: protocolPath(protocol, path), search: eventId ? `?event=${eventId}` : '' });

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('events.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('events.intro')}
          </Text>
        </div>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => go('events/new')}>
            {t('events.create')}
          </Button>
        )}
      </Group>
      {events.isPending && (
        <Group justify="center" py="xl">
          <Loader role="status" type="dots" aria-label={t('events.loading')} />
        </Group>
      )}
      {events.isError && (
        <Alert color="red" icon={<IconAlertCircle />} title={t('events.loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{events.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void events.refetch()}>
              {tc('tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      {events.isSuccess && list.length === 0 && (
        <Card withBorder radius="md" p="xl">
          <Text ta="center" c="gray.7">
            {canManage ? t('events.emptyManage') : t('events.empty')}
          </Text>
        </Card>
      )}
      {selected && (
        <Grid gap="md">
          <Grid.Col span={{ base: 12, sm: 4, lg: 3 }}>
            <EventList events={list} selectedId={selected.id} onSelect={(id) => go('events', id)} />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 8, lg: 9 }}>
            <EventRequirements
              key={selected.id}
              event={selected}
              canManage={canManage}
              onCreate={() => go('events/requirements/new')}
            />
          </Grid.Col>
        </Grid>
      )}
      {canManage && sub === 'new' && <EventForm onClose={() => go('events')} onSaved={(e) => go('events', e.id)} />}
      {canManage && sub === 'requirements/new' && selected && (
        <RequirementForm event={selected} onClose={() => go('events')} />
      )}
    </Stack>
  );
}

function EventRequirements({
  event,
  canManage,
  onCreate,
}: {
  event: ProtocolEvent;
  canManage: boolean;
  onCreate: () => void;
}) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const requirements = useRequirements(institution.id, protocol.id, event.id);
  const [addingTo, setAddingTo] = useState<TreeNode | null>(null);
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  return (
    <Card withBorder radius="md" p={{ base: 'xs', sm: 'md' }} component="section" aria-labelledby="event-title">
      <Group justify="space-between" align="flex-start" mb="sm">
        <div>
          <Title order={2} fz="lg" id="event-title">
            {event.label}{' '}
            <Badge variant="light" ms={4}>
              {event.eventCode}
            </Badge>
          </Title>
          <Text size="sm" c="gray.7">
            {timePoint(event, t)}
            {event.institutionSite?.title ? ` · ${event.institutionSite.title}` : ''}
          </Text>
        </div>
        {/* The spec's long label wraps on a phone instead of being cut. */}
        {canManage && (
          <Button
            variant="light"
            leftSection={<IconPlus size={16} />}
            h="auto"
            mih={36}
            py={6}
            maw="100%"
            styles={{ label: { whiteSpace: 'normal', textAlign: 'start' } }}
            onClick={onCreate}
          >
            {t('events.createRequirement')}
          </Button>
        )}
      </Group>
      {requirements.isPending && (
        <Group justify="center" py="lg">
          <Loader role="status" type="dots" aria-label={t('events.loadingRequirements')} />
        </Group>
      )}
      {requirements.isError && (
        <Alert color="red" icon={<IconAlertCircle />} title={t('events.requirementsFailed')}>
          <Group justify="space-between">
            <Text size="sm">{requirements.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void requirements.refetch()}>
              {tc('tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      {requirements.isSuccess && requirements.data.length === 0 && (
        <Text c="gray.7" ta="center" py="lg">
          {t('events.noRequirements')}
        </Text>
      )}
      {requirements.isSuccess && requirements.data.length > 0 && (
        <RequirementTree requirements={requirements.data} onAddChild={canManage ? setAddingTo : undefined} />
      )}
      {addingTo && <AddChildForm parent={addingTo} onClose={() => setAddingTo(null)} />}
    </Card>
  );
}
