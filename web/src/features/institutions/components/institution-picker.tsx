import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingHospital, IconChevronRight } from '@tabler/icons-react';
import type { Institution } from '@contract/institutions.contract';
import { SearchBox } from '@/components/search-box';
import { useInstitutions } from '../api/institutions';
import classes from './institution-picker.module.css';

interface Props {
  onPick: (institution: Institution) => void;
  /** Why the picker is shown again, e.g. the stored institution no longer exists. */
  notice?: string;
}

/** spec 1 §2: the 'INSTITUTIONS' list; clicking one makes it the current institution. */
export function InstitutionPicker({ onPick, notice }: Props) {
  const [search, setSearch] = useState('');
  const query = useInstitutions(search);
  const total = query.data?.pagination.TotalCount ?? 0;
  return (
    <Card
      withBorder
      radius="md"
      shadow="sm"
      p="lg"
      maw={560}
      mx="auto"
      mt="xl"
      component="section"
      aria-labelledby="institutions-title"
    >
      <Group justify="space-between" mb="xs">
        <Title order={1} size="h4" id="institutions-title" tt="uppercase" lts={1}>
          Institutions
        </Title>
        {query.isFetching && <Loader size="xs" />}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        Choose the institution you want to work in.
      </Text>
      {notice && (
        <Alert color="yellow" mb="md">
          {notice}
        </Alert>
      )}
      {(total > 10 || search) && <SearchBox value={search} onSearch={setSearch} placeholder="Search institutions" />}
      {query.isError && (
        <Alert color="red" mt="md" title="The institutions could not be loaded">
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            Try again
          </Button>
        </Alert>
      )}
      {query.isSuccess && total === 0 && (
        <Text mt="md" c="dimmed">
          {search
            ? `No institution matches '${search}'.`
            : 'Your account does not belong to any enabled institution. Ask an administrator to add you to one.'}
        </Text>
      )}
      <Stack gap={6} mt="md">
        {query.data?.items.map((inst) => (
          <UnstyledButton key={inst.id} className={classes.item} onClick={() => onPick(inst)}>
            <Group wrap="nowrap">
              <IconBuildingHospital size={22} stroke={1.5} />
              <div style={{ flex: 1 }}>
                <Text fw={500}>{inst.title}</Text>
                <Text size="xs" c="dimmed">
                  {inst.address}
                </Text>
              </div>
              <Badge variant="light">{inst.abbreviation}</Badge>
              <IconChevronRight size={16} />
            </Group>
          </UnstyledButton>
        ))}
      </Stack>
      {query.data && total > query.data.items.length && (
        <Text size="xs" c="dimmed" mt="sm">
          Showing {query.data.items.length} of {total}; search to narrow the list.
        </Text>
      )}
    </Card>
  );
}
