import { Button } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import type { CollectedSample } from '@contract/samples.contract';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { usePrintSampleLabels } from '../api/samples';
import { useTranslation } from 'react-i18next';

/**
 * The sample page's Print label action (docs/labels.md "Sample labels"): the protocol's sample page asks the protocol's
 * label route, the record page (/sample/{id}, a received sample included) the institution's (`protocolId` null).
 * Hidden without labels.print, for a withdrawn donor and for a sample another institution holds (the server refuses
 * those anyway).
 */
export function PrintLabelButton({ sample: s, protocolId }: { sample: CollectedSample; protocolId: number | null }) {
  const { t } = useTranslation('samples');
  const { institution } = useCurrentInstitution();
  const canPrint = useCan('labels.print');
  const printLabel = usePrintSampleLabels(institution.id, protocolId);
  if (!canPrint || s.hasWithdrawnConsent || s.heldBy) return null;
  return (
    <Button
      variant="default"
      leftSection={<IconPrinter size={16} />}
      loading={printLabel.isPending}
      onClick={() => printLabel.mutate({ collectedSampleIds: [s.id] })}
    >
      {t('detail.printLabel')}
    </Button>
  );
}
