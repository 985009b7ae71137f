import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { IconBuildingHospital, IconChevronDown, IconSwitchHorizontal } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { CurrentInstitution } from '../lib/session-context';
import classes from './top-nav.module.css';

interface Props {
  current: CurrentInstitution;
  onChange: () => void;
}

/**
 * The header's institution (spec 1 §2 chip): a menu button, not a chip whose small x cleared the choice on a
 * stray tap. The name wraps onto two lines in the header and shows whole in the menu, where 'Change
 * institution' is a deliberate item (issue 28 item 4).
 */
export function InstitutionMenu({ current, onChange }: Props) {
  const { title } = current.institution;
  const { t } = useTranslation();
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="light"
          radius="lg"
          size="compact-sm"
          h="auto"
          mih={28}
          py={3}
          maw={{ base: 170, sm: 280 }}
          leftSection={<IconBuildingHospital size={14} />}
          rightSection={<IconChevronDown size={12} />}
          classNames={{ label: classes.wrapLabel, inner: classes.wrapInner }}
        >
          {/* The icon stands for the word: screen readers and voice control hear 'Institution: <title>'. */}
          <VisuallyHidden>{t('institution.prefix')}</VisuallyHidden>
          <span className={classes.twoLines}>{title}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown maw={300}>
        <Menu.Label>{t('institution.label')}</Menu.Label>
        <Text size="sm" fw={600} px="sm" pb={6} className={classes.fullName}>
          {title}
        </Text>
        <Menu.Item leftSection={<IconSwitchHorizontal size={16} />} onClick={onChange}>
          {t('institution.change')}
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
