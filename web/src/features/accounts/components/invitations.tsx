import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOpened } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { fullName } from '@/lib/format';
import { roleLabel } from './role-label';
import type { Invitation } from '@contract/accounts.contract';
import { useAnswerInvitation, useInvitations } from '../api/invitations';

const dateOf = (iso: string, language: string) =>
  new Date(iso).toLocaleDateString(language, { day: 'numeric', month: 'short', year: 'numeric' });
/** 'Invited by A B on 3 Nov 2026, as C D (c@x.org).' */
function invitedLine(t: TFunction<'accounts'>, i: Invitation, language: string) {
  const values = { date: dateOf(i.createdDate, language), invitee: `${i.firstName} ${i.lastName}`, email: i.email };
  return i.invitedBy
    ? t('invitations.invitedBy', { ...values, name: fullName(i.invitedBy) })
    : t('invitations.invited', values);
}
const titlesOf = (i: Invitation) => i.institutions.map((m) => m.title).join(', ');

/**
 * The signed-in person's pending invitations (issue 26, docs/accounts.md): an administrator of another
 * institution created an account with this person's e-mail. Nothing changes until they accept; declining
 * removes the invitation. Shown above the institution picker and, when one is open, above the screen.
 */
export function Invitations({ inApp = false }: { inApp?: boolean }) {
  const { t, i18n } = useTranslation('accounts');
  const query = useInvitations();
  const answer = useAnswerInvitation();
  if (!query.data?.length) return null;

  const respond = (invitation: Invitation, accept: boolean) =>
    answer.mutate(
      { id: invitation.id, accept },
      {
        onSuccess: () =>
          notifications.show({
            color: accept ? 'teal' : 'gray',
            message: t(accept ? 'invitations.joined' : 'invitations.declined', { institutions: titlesOf(invitation) }),
            autoClose: 4000,
          }),
      },
    );

  return (
    <Card
      withBorder
      radius="md"
      shadow="sm"
      p="lg"
      maw={inApp ? undefined : 560}
      mx={inApp ? undefined : 'auto'}
      mt={inApp ? 0 : 'xl'}
      mb={inApp ? 'md' : 0}
      component="section"
      aria-labelledby="invitations-title"
      bg="var(--mantine-color-blue-light)"
    >
      <Group gap="xs" mb={4}>
        <IconMailOpened size={20} stroke={1.5} aria-hidden />
        <Title order={2} size="h4" id="invitations-title">
          {t('invitations.title')}
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        {t('invitations.intro')}
      </Text>
      <Stack gap="sm">
        {query.data.map((invitation) => (
          <Card
            key={invitation.id}
            withBorder
            radius="sm"
            p="sm"
            component="article"
            aria-label={t('invitations.invitationTo', { institutions: titlesOf(invitation) })}
          >
            {invitation.institutions.map((m) => (
              <Group key={m.id} gap="xs" wrap="wrap">
                <Text fw={600}>{m.title}</Text>
                {m.roles.map((r) => (
                  <Badge key={r} variant="light">
                    {roleLabel(t, r)}
                  </Badge>
                ))}
              </Group>
            ))}
            <Text size="xs" c="dimmed" mt={4}>
              {invitedLine(t, invitation, i18n.language)}
            </Text>
            <Group gap="xs" mt="sm">
              <Button
                size="xs"
                onClick={() => respond(invitation, true)}
                loading={answer.isPending && answer.variables?.id === invitation.id && answer.variables.accept}
              >
                {t('invitations.accept')}
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => respond(invitation, false)}
                loading={answer.isPending && answer.variables?.id === invitation.id && !answer.variables.accept}
              >
                {t('invitations.decline')}
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
