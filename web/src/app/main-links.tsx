import { ActionIcon, Button, Group, Stack, Tooltip } from '@mantine/core';
import { IconBarcode, IconPlus } from '@tabler/icons-react';
import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { NAV_ITEMS } from './nav-items';
import { useCanOpen } from './route-guard';
import classes from './main-links.module.css';

interface Props {
  orientation: 'horizontal' | 'vertical';
  onNavigate?: () => void;
}

/** The barcode, New Order and New Participant actions (spec 1 §2), each shown when its screen would open. */
export function QuickActions({ onNavigate }: { onNavigate?: () => void }) {
  const canOpen = useCanOpen();
  const { t } = useTranslation();
  return (
    <>
      {canOpen('/barcode-generator') && (
        <Tooltip label={t('quick.barcodeGenerator')}>
          <ActionIcon
            component={Link}
            to="/barcode-generator"
            variant="default"
            size="lg"
            aria-label={t('quick.barcodeGenerator')}
            onClick={onNavigate}
          >
            <IconBarcode size={20} />
          </ActionIcon>
        </Tooltip>
      )}
      {canOpen('/orders/new') && (
        <Button
          component={Link}
          to="/orders/new"
          size="xs"
          variant="light"
          leftSection={<IconPlus size={14} />}
          onClick={onNavigate}
        >
          {t('quick.newOrder')}
        </Button>
      )}
      {canOpen('/patients/new') && (
        <Button component={Link} to="/patients/new" size="xs" leftSection={<IconPlus size={14} />} onClick={onNavigate}>
          {t('quick.newParticipant')}
        </Button>
      )}
    </>
  );
}

/**
 * The main entries (spec 1 §2, top navigation). In the phone's drawer (vertical) the quick actions follow them;
 * on a wide screen they sit in the header's top row (top-nav.tsx), so the entries have the whole second row.
 */
export function MainLinks({ orientation, onNavigate }: Props) {
  const vertical = orientation === 'vertical';
  // Only what the current membership may use is offered; the rules are ROUTE_ACCESS's, so a switch of institution updates it.
  const canOpen = useCanOpen();
  const { t } = useTranslation();
  // The label by the entry's address (shell.nav).
  const links = NAV_ITEMS.filter((item) => canOpen(item.to)).map(({ to, icon: Icon }) => (
    <NavLink key={to} to={to} end={to === '/'} className={classes.link} onClick={onNavigate}>
      {vertical && <Icon size={18} stroke={1.6} />}
      <span>{t(`nav.${to}`)}</span>
    </NavLink>
  ));
  if (vertical) {
    return (
      <Stack gap={4}>
        <nav aria-label={t('mainNavigation')} className={classes.vertical}>
          {links}
        </nav>
        <Group mt="md" gap="xs">
          <QuickActions onNavigate={onNavigate} />
        </Group>
      </Stack>
    );
  }
  return (
    <nav aria-label={t('mainNavigation')} className={classes.horizontal}>
      {links}
    </nav>
  );
}
