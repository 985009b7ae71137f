import { Anchor, Badge, Card, Group, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBuildingHospital, IconChartBar, IconUserShield } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useCan, useCurrentInstitution, useMe } from '@/lib/session-context';

/** Dashboard: who is signed in and where. The count cards and lists of spec 1 §2 come with their areas. */
export function HomePage() {
  const me = useMe();
  const { institution } = useCurrentInstitution();
  const canSeeAccounts = useCan('accounts.read');
  return (
    <Stack maw={1100} mx="auto" gap="lg">
      <Card withBorder radius="md" p="xl">
        <Group wrap="nowrap" align="flex-start">
          <ThemeIcon size={56} radius="xl" variant="light"><IconBuildingHospital size={30} /></ThemeIcon>
          <div>
            <Text c="dimmed" size="sm">Welcome, {me.firstName} {me.lastName}</Text>
            <Title order={1} fz={26}>{institution.title}</Title>
            <Text size="sm" c="dimmed">{institution.address}</Text>
            <Group gap={6} mt="sm">
              <Badge variant="light">{institution.abbreviation}</Badge>
              {me.roles.map((role) => <Badge key={role} variant="outline" color="gray">{role}</Badge>)}
            </Group>
          </div>
        </Group>
      </Card>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Card withBorder radius="md" p="lg">
          <Group gap="sm" mb="xs">
            <IconChartBar size={20} />
            <Title order={2} fz="lg">Dashboard</Title>
          </Group>
          <Text size="sm" c="dimmed">
            Counts of participants, collection protocols, lab orders and collected samples, and the lists of pending
            protocols and recent participants, will appear here once those areas are available in a later version.
          </Text>
        </Card>
        {canSeeAccounts && (
          <Card withBorder radius="md" p="lg">
            <Group gap="sm" mb="xs">
              <IconUserShield size={20} />
              <Title order={2} fz="lg">Accounts</Title>
            </Group>
            <Text size="sm" c="dimmed">
              Create staff accounts, assign their roles and reset passwords.{' '}
              <Anchor component={Link} to="/accounts" size="sm">Open Accounts</Anchor>
            </Text>
          </Card>
        )}
      </SimpleGrid>
    </Stack>
  );
}
