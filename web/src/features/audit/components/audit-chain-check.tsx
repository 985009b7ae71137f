import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { AuditChainReport } from '@contract/audit.contract';
import { useVerifyAuditChain } from '../api/audit-verify';

function Result({ report }: { report: AuditChainReport }) {
  const { t } = useTranslation('audit');
  const legacy = report.legacyRows ? t('chain.legacy', { count: report.legacyRows }) : '';
  const window = report.unsealedRows ? t('chain.unsealed', { count: report.unsealedRows }) : '';
  if (report.firstBreak) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        role="alert"
        title={t('chain.broken', { id: report.firstBreak.id })}
      >
        <Stack gap={4}>
          <Text size="sm">{report.firstBreak.detail.charAt(0).toUpperCase() + report.firstBreak.detail.slice(1)}.</Text>
          <Text size="sm">{t('chain.untrusted', { id: report.firstBreak.id })}</Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconShieldCheck />} role="status" title={t('chain.verified')}>
      <Text size="sm">
        {t('chain.checked', { rows: report.rows })}
        {legacy}
        {window}
        {report.headId !== null && (
          <>
            {t('chain.head', { id: report.headId })}{' '}
            <Text span ff="monospace" inherit>
              {report.headHash?.slice(0, 16)}…
            </Text>
          </>
        )}
      </Text>
    </Alert>
  );
}

/** Administrators: checks that no audit record of the institution was edited, removed or slipped in (issue 18). */
export function AuditChainCheck({ instId }: { instId: number }) {
  const { t } = useTranslation('audit');
  const verify = useVerifyAuditChain(instId);
  return (
    <Stack gap="xs">
      <Group>
        <Button
          variant="light"
          leftSection={<IconShieldCheck size={18} />}
          loading={verify.isPending}
          onClick={() => verify.mutate()}
        >
          {t('chain.verify')}
        </Button>
        <Text size="sm" c="dimmed">
          {t('chain.explain')}
        </Text>
      </Group>
      {verify.data && <Result report={verify.data} />}
    </Stack>
  );
}
