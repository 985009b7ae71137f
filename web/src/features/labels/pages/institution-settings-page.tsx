import { Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { InstitutionDetails } from '@/components/institution-details';
import { useCurrentInstitution } from '@/lib/session-context';

/** Setting > Institution: the current institution, read-only (spec 2 §2 lists it as a stub). */
export function InstitutionSettingsPage() {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('labels');
  return (
    <Stack>
      <Title order={1} fz={26}>
        {t('institution.title')}
      </Title>
      <InstitutionDetails institution={institution}>
        <Text size="sm" c="dimmed" mt="sm">
          {t('institution.editedUnder')}
        </Text>
      </InstitutionDetails>
    </Stack>
  );
}
