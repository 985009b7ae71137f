import { Alert, Button, Group, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconShieldCheck } from '@tabler/icons-react';
import type { AuditChainReport } from '@contract/audit.contract';
import { useVerifyAuditChain } from '../api/audit-verify';

function Result({ report }: { report: AuditChainReport }) {
  const legacy = report.legacyRows
    ? ` ${report.legacyRows} records from before the chain existed are not covered.`
    : '';
  const window = report.unsealedRows
    ? ` ${report.unsealedRows} records written in the last moments are not sealed into a block yet: their content is checked, their order on the next check.`
    : '';
  if (report.firstBreak) {
    return (
      <Alert
        color="red"
        icon={<IconAlertTriangle />}
        role="alert"
        title={`Audit chain broken at record #${report.firstBreak.id}`}
      >
        <Stack gap={4}>
          <Text size="sm">{report.firstBreak.detail.charAt(0).toUpperCase() + report.firstBreak.detail.slice(1)}.</Text>
          <Text size="sm">
            Records from #{report.firstBreak.id} on cannot be trusted until this is explained. See docs/audit.md.
          </Text>
        </Stack>
      </Alert>
    );
  }
  return (
    <Alert color="green" icon={<IconShieldCheck />} role="status" title="Audit chain verified">
      <Text size="sm">
        {report.rows} records checked, none changed or removed.{legacy}
        {window}
        {report.headId !== null && (
          <>
            {' '}
            Last sealed record #{report.headId}, hash{' '}
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
          Verify audit chain
        </Button>
        <Text size="sm" c="dimmed">
          Checks every record of this institution against its hash chain.
        </Text>
      </Group>
      {verify.data && <Result report={verify.data} />}
    </Stack>
  );
}
