import { useState } from 'react';
import { Alert, Button, Group, Loader, Paper, Stack, Table, Text, Title } from '@mantine/core';
import { IconSignature } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { Route, Routes, useNavigate } from 'react-router';
import { formatDateTime } from '@/lib/format';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { usePhone } from '@/lib/use-phone';
import { ConsentViewDialog } from './consent-view-dialog';
import { participantPath, useCurrentParticipant } from '@/lib/participant-context';
import { useParticipantConsents } from '../api/participants';
import { SignConsentForm } from './sign-consent-form';
import { ConsentStatus } from './status-badges';

/** spec 2 §2 "Participant consents" (/participant-consents, and /new for the sign form over it). */
export function ParticipantConsentsPage() {
  return (
    <Routes>
      <Route index element={<ConsentList />} />
      <Route path="new" element={<ConsentList signing />} />
    </Routes>
  );
}

function ConsentList({ signing = false }: { signing?: boolean }) {
  const { institution } = useCurrentInstitution();
  const p = useCurrentParticipant();
  const canManage = useCan('protocols.manage');
  const consents = useParticipantConsents(institution.id, p.collectionProtocolId, p.id);
  const [viewing, setViewing] = useState<number | null>(null);
  const navigate = useNavigate();
  const phone = usePhone();
  const listPath = participantPath(p, 'participant-consents');
  const shown = consents.data?.find((c) => c.id === viewing);
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={2} fz={20}>
          {t('participantConsents.title')}
        </Title>
        {canManage && p.isEnabled && (
          <Button leftSection={<IconSignature size={16} />} onClick={() => void navigate(`${listPath}/new`)}>
            {t('participantConsents.sign')}
          </Button>
        )}
      </Group>
      {consents.isPending && (
        <Loader role="status" size="sm" type="dots" aria-label={t('participantConsents.loading')} />
      )}
      {consents.isError && (
        <Alert color="red" title={t('participantConsents.loadFailed')}>
          <Group justify="space-between">
            <Text size="sm">{consents.error.message}</Text>
            <Button size="xs" variant="light" color="red" onClick={() => void consents.refetch()}>
              {tc('tryAgain')}
            </Button>
          </Group>
        </Alert>
      )}
      {consents.isSuccess &&
        (consents.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t('participantConsents.none')}
          </Text>
        ) : phone ? (
          // Below sm each signature is a card, so the status never hides behind a sideways scroll.
          <Stack gap="xs" role="list" aria-label={t('participantConsents.list')}>
            {consents.data.map((c) => (
              <Paper key={c.id} withBorder radius="md" p="sm" role="listitem">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Button variant="subtle" size="compact-sm" px={0} onClick={() => setViewing(c.id)}>
                    {c.title}
                  </Button>
                  <ConsentStatus c={c} />
                </Group>
                <Text size="sm" c="dimmed">
                  {t('participantConsents.versionSigned', { version: c.version, at: formatDateTime(c.signedAt) })}
                </Text>
              </Paper>
            ))}
          </Stack>
        ) : (
          <Paper withBorder radius="md" style={{ overflowX: 'auto' }}>
            <Table highlightOnHover verticalSpacing={8} aria-label={t('participantConsents.list')}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('participantConsents.consent')}</Table.Th>
                  <Table.Th>{t('participantConsents.version')}</Table.Th>
                  <Table.Th>{t('participantConsents.signedAt')}</Table.Th>
                  <Table.Th>{t('participantConsents.status')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {consents.data.map((c) => (
                  <Table.Tr key={c.id} style={{ cursor: 'pointer' }} onClick={() => setViewing(c.id)}>
                    <Table.Td>
                      {/* The row opens the consent; the title is its keyboard-reachable button. */}
                      <Button
                        variant="subtle"
                        size="compact-sm"
                        px={0}
                        onClick={(e) => {
                          e.stopPropagation();
                          setViewing(c.id);
                        }}
                      >
                        {c.title}
                      </Button>
                    </Table.Td>
                    <Table.Td>{c.version}</Table.Td>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(c.signedAt)}</Table.Td>
                    <Table.Td>
                      <ConsentStatus c={c} />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Paper>
        ))}
      {shown && <ConsentViewDialog consent={shown} onClose={() => setViewing(null)} />}
      {canManage && signing && <SignConsentForm onClose={() => void navigate(listPath)} />}
    </Stack>
  );
}
