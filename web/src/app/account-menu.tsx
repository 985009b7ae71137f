import { Box, Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconCheck, IconChevronDown, IconKey, IconLanguage, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { LANGUAGES } from '@contract/i18n/languages';
import { useMe } from '../lib/session-context';
import { currentLanguage } from '../lib/i18n';
import { ChangeOwnPasswordForm } from '../features/auth/components/change-own-password-form';
import { useSetLanguage } from '../features/auth/api/language';

/**
 * The signed-in person's menu: their e-mail, Change password, the language (issue 33) and Logout (spec 1 §2).
 * Logout lives only here, so it is reachable at every width: a separate header button fell off a 390 px
 * screen (issue 28 item 4). Each language is named in itself (Français), marked with its own `lang`.
 */
export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const me = useMe();
  const { t } = useTranslation();
  const setLanguage = useSetLanguage();
  const [changingPassword, passwordForm] = useDisclosure(false);
  const shown = currentLanguage();
  return (
    <>
      <Menu position="bottom-end" withinPortal>
        <Menu.Target>
          <Button
            variant="subtle"
            color="gray"
            size="compact-sm"
            px={6}
            leftSection={<IconUserCircle size={18} />}
            rightSection={
              <Box component="span" visibleFrom="sm" display="flex">
                <IconChevronDown size={14} />
              </Box>
            }
            aria-label={t('account.menu', { name: `${me.firstName} ${me.lastName}` })}
          >
            <Box component="span" visibleFrom="md">
              {me.firstName} {me.lastName}
            </Box>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{me.email}</Menu.Label>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={passwordForm.open}>
            {t('account.changePassword')}
          </Menu.Item>
          <Menu.Divider />
          <Menu.Label>
            <Box component="span" display="inline-flex" style={{ alignItems: 'center', gap: 4 }}>
              <IconLanguage size={14} aria-hidden />
              {t('account.language')}
            </Box>
          </Menu.Label>
          {LANGUAGES.filter((l) => l.complete).map((l) => (
            <Menu.Item
              key={l.code}
              lang={l.code}
              aria-current={l.code === shown ? 'true' : undefined}
              leftSection={l.code === shown ? <IconCheck size={16} /> : <Box w={16} />}
              onClick={() => setLanguage.mutate(l.code)}
            >
              {l.nativeName}
            </Menu.Item>
          ))}
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
            {t('account.logout')}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changingPassword && <ChangeOwnPasswordForm onClose={passwordForm.close} />}
    </>
  );
}
