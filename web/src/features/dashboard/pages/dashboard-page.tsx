import { Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconClipboardList, IconFlask, IconTestPipe, IconUsers } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { todayIn } from '@contract/common.contract';
import { fullName } from '@/lib/format';
import { roleText } from '@/lib/permission-words';
import { useCan, useCurrentInstitution, useCurrentRoles, useMe } from '@/lib/session-context';
import { useOrderCount, usePatientCount, useProtocolCount, useSampleCount } from '../api/dashboard';
import { PendingProtocols } from '../components/pending-protocols';
import { CountCard } from '../components/count-card';
import { RecentParticipants } from '../components/recent-participants';

/** Home dashboard (spec 1 §2): who is signed in and where, the count cards and the recent participants. */
export function DashboardPage() {
  const me = useMe();
  const { t } = useTranslation('home');
  const { t: tp } = useTranslation('permissions');
  const { institution } = useCurrentInstitution();
  const roles = useCurrentRoles();
  const canSeeParticipants = useCan('participants.read');
  const canEditParticipants = useCan('participants.manage');
  const canSeeOrders = useCan('orders.read');
  const count = usePatientCount(institution.id);
  const orders = useOrderCount(institution.id, canSeeOrders);
  const canSeeProtocols = useCan('protocols.read');
  const protocols = useProtocolCount(institution.id, canSeeProtocols);
  const canSeeSamples = useCan('samples.read');
  const samples = useSampleCount(institution.id, canSeeSamples);
  return (
    <Stack maw={1200} mx="auto" gap="lg">
      <Card withBorder radius="md" p="lg">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={48} radius="xl" variant="light">
            <IconBuildingHospital size={26} />
          </ThemeIcon>
          <div>
            <Text c="dimmed" size="sm">
              {t('dashboard.welcome', { name: fullName(me) })}
            </Text>
            <Title order={1} fz={24}>
              {institution.title}
            </Title>
            <Text size="sm" c="dimmed">
              {institution.address}
            </Text>
            <Text size="sm" c="dimmed" data-testid="institution-today">
              {t('dashboard.today', { date: todayIn(institution.timeZone), timeZone: institution.timeZone })}
            </Text>
            <Group gap={6} mt="xs">
              <Badge variant="light">{institution.abbreviation}</Badge>
              {roles.map((role) => (
                <Badge key={role} variant="outline" color="gray">
                  {roleText(tp, role)}
                </Badge>
              ))}
            </Group>
          </div>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        {canSeeParticipants && (
          <CountCard
            label={t('dashboard.totalParticipants')}
            icon={<IconUsers size={24} />}
            value={count.data?.count ?? 0}
            approximate={count.data?.isEstimate}
            loading={count.isPending}
            error={count.isError}
          />
        )}
        {canSeeProtocols && (
          <CountCard
            label={t('dashboard.collectionProtocols')}
            icon={<IconFlask size={24} />}
            value={protocols.data?.count ?? 0}
            approximate={protocols.data?.isEstimate}
            loading={protocols.isPending}
            error={protocols.isError}
          />
        )}
        {canSeeOrders && (
          <CountCard
            label={t('dashboard.limsOrders')}
            icon={<IconClipboardList size={24} />}
            value={orders.data?.count ?? 0}
            approximate={orders.data?.isEstimate}
            loading={orders.isPending}
            error={orders.isError}
          />
        )}
        {canSeeSamples && (
          <CountCard
            label={t('dashboard.collectedSamples')}
            icon={<IconTestPipe size={24} />}
            value={samples.data?.count ?? 0}
            approximate={samples.data?.isEstimate}
            loading={samples.isPending}
            error={samples.isError}
          />
        )}
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, md: canSeeProtocols && canSeeParticipants ? 2 : 1 }}>
        {canSeeProtocols && <PendingProtocols instId={institution.id} timeZone={institution.timeZone} />}
        {canSeeParticipants && <RecentParticipants instId={institution.id} canEdit={canEditParticipants} />}
      </SimpleGrid>
    </Stack>
  );
}
