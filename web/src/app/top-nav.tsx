import { ActionIcon, Anchor, Box, Burger, Button, Group, Menu, Tooltip } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconBuildingHospital, IconChevronDown, IconKey, IconLogout, IconX } from '@tabler/icons-react';
import { Link } from 'react-router';
import { useMe, type CurrentInstitution } from '../lib/session-context';
import { confirmDiscard } from '../lib/unsaved-changes';
import { useLogout } from '../features/auth/api/logout';
import { ChangeOwnPasswordForm } from '../features/auth/components/change-own-password-form';
import { MainLinks } from './main-links';
import classes from './top-nav.module.css';

interface Props { current: CurrentInstitution | null; menuOpened: boolean; onToggleMenu: () => void }

/** spec 1 §2 top navigation: product name, institution chip (click clears it), user, Logout, main entries. */
export function TopNav({ current, menuOpened, onToggleMenu }: Props) {
  const me = useMe();
  const logout = useLogout();
  const [changingPassword, passwordForm] = useDisclosure(false);
  // Unsaved work (e.g. typed test results) is asked about before it is thrown away.
  const afterConfirm = (leave: () => void) => () => void confirmDiscard().then((discard) => { if (discard) leave(); });
  const logOut = afterConfirm(() => logout.mutate());
  return (
    <Box px="md">
      <Group h={60} justify="space-between" wrap="nowrap">
        <Group gap="sm" wrap="nowrap">
          {current && <Burger opened={menuOpened} onClick={onToggleMenu} hiddenFrom="lg" size="sm" aria-label="Toggle navigation" />}
          <Anchor component={Link} to="/" underline="never" c="clinical.8" fw={700} fz={{ base: 'md', sm: 'lg' }} style={{ whiteSpace: 'nowrap' }}>
            Biobanking LIMS
          </Anchor>
        </Group>
        <Group gap="xs" wrap="nowrap">
          {current && (
            <Tooltip label="Change institution">
              <Button variant="light" radius="xl" size="compact-sm" maw={{ base: 118, sm: 280 }}
                leftSection={<IconBuildingHospital size={14} />} rightSection={<IconX size={12} />}
                onClick={afterConfirm(current.clear)} aria-label={`${current.institution.title}: change institution`}>
                <span className={classes.ellipsis}>{current.institution.title}</span>
              </Button>
            </Tooltip>
          )}
          <Menu position="bottom-end" withinPortal>
            <Menu.Target>
              <Button variant="subtle" color="gray" size="compact-sm" rightSection={<IconChevronDown size={14} />}
                aria-label={`${me.firstName} ${me.lastName}: account menu`}>
                <Box component="span" visibleFrom="md">{me.firstName} {me.lastName}</Box>
              </Button>
            </Menu.Target>
            <Menu.Dropdown>
              <Menu.Label>{me.email}</Menu.Label>
              <Menu.Item leftSection={<IconKey size={16} />} onClick={passwordForm.open}>Change password</Menu.Item>
            </Menu.Dropdown>
          </Menu>
          {changingPassword && <ChangeOwnPasswordForm onClose={passwordForm.close} />}
          <Button variant="subtle" color="gray" size="compact-sm" visibleFrom="sm" leftSection={<IconLogout size={16} />}
            loading={logout.isPending} onClick={logOut}>Logout</Button>
          <ActionIcon variant="subtle" color="gray" hiddenFrom="sm" aria-label="Logout"
            loading={logout.isPending} onClick={logOut}><IconLogout size={18} /></ActionIcon>
        </Group>
      </Group>
      {current && <Box visibleFrom="lg" pb={6}><MainLinks orientation="horizontal" /></Box>}
    </Box>
  );
}
