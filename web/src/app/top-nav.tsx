import { Anchor, Box, Burger, Group } from '@mantine/core';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { CurrentInstitution } from '../lib/session-context';
import { confirmDiscard } from '../lib/unsaved-changes';
import { useLogout } from '../features/auth/api/logout';
import { AccountMenu } from './account-menu';
import { InstitutionMenu } from './institution-menu';
import { MainLinks, QuickActions } from './main-links';

interface Props {
  current: CurrentInstitution | null;
  menuOpened: boolean;
  onToggleMenu: () => void;
}

/** spec 1 §2 top navigation: product name, institution menu, account menu (with Logout), main entries. */
export function TopNav({ current, menuOpened, onToggleMenu }: Props) {
  const logout = useLogout();
  const { t } = useTranslation();
  // Unsaved work (e.g. typed test results) is asked about before it is thrown away.
  const afterConfirm = (leave: () => void) => () =>
    void confirmDiscard().then((discard) => {
      if (discard) leave();
    });
  return (
    <Box px={{ base: 'xs', sm: 'md' }}>
      <Group h={60} justify="space-between" wrap="nowrap" gap="xs">
        <Group gap="xs" wrap="nowrap">
          {current && (
            <Burger
              opened={menuOpened}
              onClick={onToggleMenu}
              hiddenFrom="lg"
              size="sm"
              aria-label={t('toggleNavigation')}
            />
          )}
          <Anchor
            component={Link}
            to="/"
            underline="never"
            c="clinical.8"
            fw={700}
            fz={{ base: 'md', sm: 'lg' }}
            style={{ whiteSpace: 'nowrap' }}
          >
            {t('appName')}
          </Anchor>
        </Group>
        <Group gap={4} wrap="nowrap" miw={0}>
          {current && (
            <Group gap="xs" wrap="nowrap" visibleFrom="lg" me="sm">
              <QuickActions />
            </Group>
          )}
          {current && <InstitutionMenu current={current} onChange={afterConfirm(current.clear)} />}
          <AccountMenu onLogout={afterConfirm(() => logout.mutate())} />
        </Group>
      </Group>
      {current && (
        <Box visibleFrom="lg" pb={6}>
          <MainLinks orientation="horizontal" />
        </Box>
      )}
    </Box>
  );
}
