import { Button, Center, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconTools } from '@tabler/icons-react';
import { Link } from 'react-router';

/** Shown for areas whose screens are not built yet, so navigation works and nothing pretends. */
export function ComingSoon({ area }: { area: string }) {
  return (
    <Center py={80}>
      <Stack align="center" gap="sm" maw={520} ta="center">
        <ThemeIcon size={64} radius="xl" variant="light">
          <IconTools size={34} />
        </ThemeIcon>
        <Title order={1} fz={26}>
          {area}
        </Title>
        <Text c="dimmed">
          {area} is not available yet in this version of Biobanking LIMS. It will come in a later release.
        </Text>
        <Button component={Link} to="/" variant="light">
          Go To Homepage
        </Button>
      </Stack>
    </Center>
  );
}
