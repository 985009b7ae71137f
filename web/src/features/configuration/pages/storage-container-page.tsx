import { Alert, Stack, Text, Title } from '@mantine/core';
import { IconBox } from '@tabler/icons-react';

/** spec 1 §2 hides the header here; the container hierarchy belongs to the Storage area (a later issue). */
export function StorageContainerPage() {
  return (
    <Stack maw={720}>
      <Title order={1} fz={26}>Storage Container</Title>
      <Alert color="blue" variant="light" icon={<IconBox />} title="Managed in the Storage area">
        <Text size="sm">
          Storage containers, with their shelves, racks, drawers and boxes, are managed in the Storage area.
          The Storage area is not available yet in this version of Biobanking LIMS.
        </Text>
      </Alert>
    </Stack>
  );
}
