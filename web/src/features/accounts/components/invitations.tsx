import { Badge, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconMailOpened } from '@tabler/icons-react';
import type { Invitation } from '@contract/accounts.contract';
import { useAnswerInvitation, useInvitations } from '../api/invitations';

const dateOf = (iso: string) =>
  new Date(iso).toLocaleDateString(undefined, { day: 'numeric', month: 'short', year: 'numeric' });
const titlesOf = (i: Invitation) => i.institutions.map((m) => m.title).join(', ');

/**
 * The signed-in person's pending invitations (issue 26, docs/accounts.md): an administrator of another
 * institution created an account with this person's e-mail. Nothing changes until they accept; declining
 * removes the invitation. Shown above the institution picker and, when one is open, above the screen.
 */
export function Invitations({ inApp = false }: { inApp?: boolean }) {
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
            message: accept ? `You joined ${titlesOf(invitation)}.` : `Invitation to ${titlesOf(invitation)} declined.`,
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
          Invitations
        </Title>
      </Group>
      <Text size="sm" c="dimmed" mb="sm">
        An administrator of an institution you do not belong to created an account with your e-mail. Accept to work
        there with the roles below (you keep your own password); decline if you do not expect it.
      </Text>
      <Stack gap="sm">
        {query.data.map((invitation) => (
          <Card
            key={invitation.id}
            withBorder
            radius="sm"
            p="sm"
            component="article"
            aria-label={`Invitation to ${titlesOf(invitation)}`}
          >
            {invitation.institutions.map((m) => (
              <Group key={m.id} gap="xs" wrap="wrap">
                <Text fw={600}>{m.title}</Text>
                {m.roles.map((r) => (
                  <Badge key={r} variant="light">
                    {r}
                  </Badge>
                ))}
              </Group>
            ))}
            <Text size="xs" c="dimmed" mt={4}>
              {invitation.invitedBy
                ? `Invited by ${invitation.invitedBy.firstName} ${invitation.invitedBy.lastName}`
                : 'Invited'}{' '}
              on {dateOf(invitation.createdDate)}, as {invitation.firstName} {invitation.lastName} ({invitation.email}).
            </Text>
            <Group gap="xs" mt="sm">
              <Button
                size="xs"
                onClick={() => respond(invitation, true)}
                loading={answer.isPending && answer.variables?.id === invitation.id && answer.variables.accept}
              >
                Accept
              </Button>
              <Button
                size="xs"
                variant="default"
                onClick={() => respond(invitation, false)}
                loading={answer.isPending && answer.variables?.id === invitation.id && !answer.variables.accept}
              >
                Decline
              </Button>
            </Group>
          </Card>
        ))}
      </Stack>
    </Card>
  );
}
