import { Stack, Text, Title } from '@mantine/core';
import { InstitutionDetails } from '@/components/institution-details';
import { useCurrentInstitution } from '@/lib/session-context';

/** Setting > Institution: the current institution, read-only (spec 2 §2 lists it as a stub). */
export function InstitutionSettingsPage() {
  const { institution } = useCurrentInstitution();
  return (
    <Stack>
      <Title order={1} fz={26}>
        Institution
      </Title>
      <InstitutionDetails institution={institution}>
        <Text size="sm" c="dimmed" mt="sm">
          Institutions are edited under Configuration.
        </Text>
      </InstitutionDetails>
    </Stack>
  );
}
