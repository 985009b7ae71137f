import { Anchor, Button, Center, Paper, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

/** spec 1 §2: the lazily loaded About page: product, version and the API documentation. */
export function AboutPage() {
  return (
    <Center mih="100vh" p="md" component="main" bg="gray.0">
      <Paper withBorder radius="md" p="xl" maw={520}>
        <Stack gap="sm">
          <Title order={1} fz={28}>
            Biobanking LIMS
          </Title>
          <Text c="dimmed">Version {import.meta.env.VITE_APP_VERSION}</Text>
          <Text>
            A laboratory information management system for biobanks: participants, collection protocols, samples,
            storage, lab orders and results, shipments and reports, scoped to the institution you work in.
          </Text>
          <Text>
            The HTTP API is documented at <Anchor href="/api/docs">/api/docs</Anchor> (OpenAPI document at{' '}
            <Anchor href="/api/openapi.json">/api/openapi.json</Anchor>).
          </Text>
          <Button component={Link} to="/" variant="light" mt="sm" w="fit-content">
            Go To Homepage
          </Button>
        </Stack>
      </Paper>
    </Center>
  );
}
