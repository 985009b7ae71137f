import { Box, Group, NavLink, Paper, Title } from '@mantine/core';
import { IconBuildingHospital, IconHistory, IconPrinter } from '@tabler/icons-react';
import { Navigate, NavLink as RouterLink, Route, Routes, useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';
import { PrinterSettingsPage } from '@/features/labels/pages/printer-settings-page';
import { InstitutionSettingsPage } from '@/features/labels/pages/institution-settings-page';
import { AuditLogPage } from '@/features/audit/pages/audit-log-page';
import { useCanOpen } from './route-guard';

const ENTRIES = [
  { to: '/setting/printer', key: 'printer', icon: IconPrinter },
  { to: '/setting/institution', key: 'institution', icon: IconBuildingHospital },
  { to: '/setting/audit-log', key: 'auditLog', icon: IconHistory },
] as const;

/** spec 2 §2 Settings: a left navigation titled Setting; Printer (the first entry the account may use) opens automatically. The audit log lives here too. */
export function SettingArea() {
  // Entries follow ROUTE_ACCESS (printer: labels.print, audit log: audit.read); Institution is open to everyone.
  const { t } = useTranslation('setting');
  const canOpen = useCanOpen();
  const entries = ENTRIES.filter((e) => canOpen(e.to));
  const first = entries[0].to.replace('/setting/', '');
  const { pathname } = useLocation();
  const current = pathname.toLowerCase().replace(/\/+$/, '').replace('/inistitution', '/institution');
  return (
    <Group align="flex-start" maw={1100} mx="auto" gap="lg" wrap="wrap">
      <Paper withBorder radius="md" p="sm" w={{ base: '100%', sm: 220 }} component="nav" aria-label={t('title')}>
        <Title order={2} fz="lg" px="xs" pb="xs">
          {t('title')}
        </Title>
        {entries.map(({ to, key, icon: Icon }) => (
          <NavLink
            key={to}
            component={RouterLink}
            to={to}
            label={t(`nav.${key}`)}
            leftSection={<Icon size={18} stroke={1.6} />}
            active={current === to}
            aria-current={current === to ? 'page' : undefined}
          />
        ))}
      </Paper>
      <Box flex={1} miw={280}>
        <Routes>
          <Route index element={<Navigate to={first} replace />} />
          <Route path="printer" element={<PrinterSettingsPage />} />
          {/* The spec spells this child 'inistitution'; both addresses work, screens say Institution. */}
          <Route path="inistitution" element={<InstitutionSettingsPage />} />
          <Route path="institution" element={<InstitutionSettingsPage />} />
          <Route path="audit-log" element={<AuditLogPage />} />
          <Route path="*" element={<Navigate to={first} replace />} />
        </Routes>
      </Box>
    </Group>
  );
}
