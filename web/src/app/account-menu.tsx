import { Box, Button, Menu } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconChevronDown, IconKey, IconLogout, IconUserCircle } from '@tabler/icons-react';
import { useMe } from '../lib/session-context';
import { ChangeOwnPasswordForm } from '../features/auth/components/change-own-password-form';

/**
 * The signed-in person's menu: their e-mail, Change password and Logout (spec 1 §2). Logout lives only
 * here, so it is reachable at every width: a separate header button fell off a 390 px screen (issue 28 item 4).
 */
export function AccountMenu({ onLogout }: { onLogout: () => void }) {
  const me = useMe();
  const [changingPassword, passwordForm] = useDisclosure(false);
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
            aria-label={`${me.firstName} ${me.lastName}: account menu`}
          >
            <Box component="span" visibleFrom="md">
              {me.firstName} {me.lastName}
            </Box>
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{me.email}</Menu.Label>
          <Menu.Item leftSection={<IconKey size={16} />} onClick={passwordForm.open}>
            Change password
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item leftSection={<IconLogout size={16} />} onClick={onLogout}>
            Logout
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {changingPassword && <ChangeOwnPasswordForm onClose={passwordForm.close} />}
    </>
  );
}
