import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** spec 1 §2: the 404 screen for any unmatched path. */
export function NotFoundPage() {
  return (
    <Center mih="100vh" p="md" component="main">
      <Stack align="center" gap="sm" maw={480} ta="center">
        <Title order={1} fz={64} c="clinical.7">
          Oops!
        </Title>
        <Title order={2} fz="xl">
          404 - Page not found
        </Title>
        <Text c="dimmed">
          The page you are looking for might have been removed, had its name changed or is temporarily unavailable.
        </Text>
        <Button component={Link} to="/" mt="md">
          Go To Homepage
        </Button>
      </Stack>
    </Center>
  );
}
