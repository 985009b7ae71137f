import { useState } from 'react';
import { Text, TextInput } from '@mantine/core';
import { IconBarcode } from '@tabler/icons-react';
import type { ShipmentItem } from '@contract/shipments.contract';
import { useTranslation } from 'react-i18next';

interface Props {
  /** Every item of the shipment: a scanned ID that is no longer pending is named as such. */
  items: ShipmentItem[];
  selected: Set<number>;
  onSelect: (itemId: number) => void;
}

type Note = { ok: boolean; text: string };

/**
 * Scan-to-select (docs/shipments.md "Screens"): a barcode scanner (a keyboard wedge types the sample ID and
 * Enter) or a person types a sample ID and Enter; the matching pending item is ticked (any case). The field
 * is cleared and keeps the focus for the next tube; what happened is said below it (and to screen readers).
 */
export function ScanToSelect({ items, selected, onSelect }: Props) {
  const { t } = useTranslation('shipments');
  const [value, setValue] = useState('');
  const [note, setNote] = useState<Note | null>(null);
  const pending = items.filter((i) => i.status === 'pending');
  const chosen = pending.filter((i) => selected.has(i.id)).length;

  const scan = () => {
    const code = value.trim();
    setValue('');
    if (!code) return;
    const item = items.find((i) => i.collectedSample.sampleId.toLowerCase() === code.toLowerCase());
    const id = item?.collectedSample.sampleId ?? code;
    if (!item) setNote({ ok: false, text: t('scan.notIn', { code }) });
    else if (item.status !== 'pending') setNote({ ok: false, text: t(`scan.already.${item.status}`, { id }) });
    else if (selected.has(item.id))
      setNote({ ok: true, text: t('scan.alreadySelected', { id, n: chosen, total: pending.length }) });
    else {
      onSelect(item.id);
      setNote({ ok: true, text: t('scan.selected', { id, n: chosen + 1, total: pending.length }) });
    }
  };

  return (
    <div>
      <TextInput
        label={t('scan.label')}
        description={t('scan.description')}
        placeholder={t('scan.placeholder')}
        leftSection={<IconBarcode size={16} aria-hidden />}
        maw={420}
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(e) => setValue(e.currentTarget.value)}
        onKeyDown={(e) => {
          if (e.key !== 'Enter') return;
          e.preventDefault();
          scan();
        }}
      />
      <Text size="sm" mt={4} c={note?.ok === false ? 'red.8' : 'teal.9'} role="status" data-testid="scan-result">
        {note?.text ?? ''}
      </Text>
    </div>
  );
}
