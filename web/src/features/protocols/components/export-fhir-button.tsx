import { useState } from 'react';
import { Button } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { IconFileExport } from '@tabler/icons-react';
import { fhirEndpoints } from '@contract/fhir.endpoints';
import { downloadCall } from '@/lib/download';
import { useCan, useCurrentInstitution } from '@/lib/session-context';

/**
 * "Export FHIR": downloads the FHIR R4 collection Bundle of a participant (everything about them) or of a
 * protocol (docs/fhir.md), with the same download helper as the shipment manifest. Shown to whoever reads participants.
 */
export function ExportFhirButton({ of, id }: { of: 'participant' | 'protocol'; id: number }) {
  const { institution } = useCurrentInstitution();
  const canRead = useCan('participants.read');
  const [busy, setBusy] = useState(false);
  const { t } = useTranslation('protocols');
  if (!canRead) return null;
  const download = async () => {
    setBusy(true);
    try {
      const row = of === 'participant' ? fhirEndpoints.participantBundle : fhirEndpoints.protocolBundle;
      await downloadCall(row, { params: { instId: institution.id, id } }, `${of}-${id}.fhir.json`, t('fhir.failed'));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button
      variant="default"
      leftSection={<IconFileExport size={16} />}
      loading={busy}
      onClick={() => void download()}
      title={of === 'participant' ? t('fhir.participantHint') : t('fhir.protocolHint')}
    >
      {t('fhir.button')}
    </Button>
  );
}
