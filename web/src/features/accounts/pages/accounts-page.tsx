import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconPlus } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { User } from '@contract/accounts.contract';
import { PagedTable } from '@/components/paged-table';
import { SearchBox } from '@/components/search-box';
import { useListState } from '@/components/use-list-state';
import { useCan, useCurrentInstitution, useMe } from '@/lib/session-context';
import { useSetUserEnabled, useUsers } from '../api/users';
import { userColumns } from '../components/user-columns';
import { confirmSetEnabled } from '../components/confirm-enabled';
import { CreateAccountForm } from '../components/create-account-form';
import { ChangePasswordForm } from '../components/change-password-form';
import { AccessForm } from '../components/access-form';

/** Accounts (accounts.read, checked by the route guard); Create, Access and Disable need accounts.manage. */
export function AccountsPage() {
  return (
    <Stack maw={1200} mx="auto">
      <AccountsList />
    </Stack>
  );
}

function AccountsList() {
  const { t } = useTranslation('accounts');
  const canManage = useCan('accounts.manage');
  const me = useMe();
  const { institution } = useCurrentInstitution();
  const list = useListState();
  const users = useUsers({
    institutionId: institution.id,
    page: list.page,
    pageSize: list.pageSize,
    search: list.search,
  });
  const setEnabled = useSetUserEnabled();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [access, setAccess] = useState<User | null>(null);

  const toggle = (user: User) =>
    confirmSetEnabled(user, () =>
      setEnabled.mutate(
        { id: user.id, enabled: !user.isEnabled },
        {
          onSuccess: (u) =>
            notifications.show({
              color: 'teal',
              message: t(u.isEnabled ? 'nowEnabled' : 'nowDisabled', { email: u.email }),
              autoClose: 3000,
            }),
        },
      ),
    );

  return (
    <>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {t('title')}
        </Title>
        {canManage && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t('create')}
          </Button>
        )}
      </Group>
      <SearchBox value={list.search} onSearch={list.setSearch} placeholder={t('search')} />
      <PagedTable
        query={users}
        list={list}
        columns={userColumns(t, canManage ? toggle : undefined, me.id, canManage ? setAccess : undefined)}
        emptyText={t('empty')}
        onRowClick={canManage ? setEditing : undefined}
      />
      {canManage && (
        <CreateAccountForm opened={creating} onClose={() => setCreating(false)} institutionId={institution.id} />
      )}
      {editing && <ChangePasswordForm key={editing.id} user={editing} onClose={() => setEditing(null)} />}
      {access && <AccessForm key={access.id} user={access} onClose={() => setAccess(null)} />}
    </>
  );
}
