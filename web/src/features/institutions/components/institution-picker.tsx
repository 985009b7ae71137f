import { useState } from 'react';
import { Alert, Badge, Button, Card, Group, Loader, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconBuildingHospital, IconChevronRight } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation();
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
          {t('picker.title')}
        </Title>
        {query.isFetching && <Loader size="xs" />}
      </Group>
      <Text c="dimmed" size="sm" mb="md">
        {t('picker.intro')}
      </Text>
      {notice && (
        <Alert color="yellow" mb="md">
          {notice}
        </Alert>
      )}
      {(total > 10 || search) && <SearchBox value={search} onSearch={setSearch} placeholder={t('picker.search')} />}
      {query.isError && (
        <Alert color="red" mt="md" title={t('picker.loadFailed')}>
          <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
            {t('picker.tryAgain')}
          </Button>
        </Alert>
      )}
      {query.isSuccess && total === 0 && (
        <Text mt="md" c="dimmed">
          {search ? t('picker.noMatch', { search }) : t('picker.none')}
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
          {t('picker.showing', { shown: query.data.items.length, total })}
        </Text>
      )}
    </Card>
  );
}
