import { useState } from 'react';
import { Button, Group, Stack, Title } from '@mantine/core';
import { IconEdit } from '@tabler/icons-react';
import { InstitutionDetails } from '@/components/institution-details';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useUpdateInstitution } from '../api/institution';
import { INSTITUTION_ENTITY, type ConfigRecord } from '../components/config-entities';
import { RecordForm } from '../components/record-form';
import { useConfigWords } from '../components/config-words';

/** Configuration > Institution: the current institution and its edit form (PUT /institutions/{id}). */
export function InstitutionPage() {
  const { institution } = useCurrentInstitution();
  const canManage = useCan(INSTITUTION_ENTITY.managePermission);
  const [editing, setEditing] = useState(false);
  const { t } = useConfigWords();
  const save = useUpdateInstitution(institution.id);
  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <Title order={1} fz={26}>
          {t('institution.title')}
        </Title>
        {canManage && (
          <Button leftSection={<IconEdit size={16} />} onClick={() => setEditing(true)}>
            {t('institution.edit')}
          </Button>
        )}
      </Group>
      <InstitutionDetails institution={institution} />
      {editing && (
        <RecordForm
          entity={INSTITUTION_ENTITY}
          record={institution as ConfigRecord}
          save={save}
          switches={['localPhoneRule']}
          onClose={() => setEditing(false)}
        />
      )}
    </Stack>
  );
}
