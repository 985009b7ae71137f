import { useRef, useState } from 'react';
import { Button, Group, Input, Select, Stack, TextInput } from '@mantine/core';
import { RemovableChip } from '@/components/removable-chip';
import { usePendingAdder } from '@/components/pending-adders';
import { IconPlus } from '@tabler/icons-react';
import { MSG } from '@contract/messages';
import type { Option } from '@/lib/lookup-options';
import type { PatientChild } from '../api/patient-children';

interface Props {
  sites: Option[];
  records: PatientChild[];
  onAdd: (row: { institutionSiteId: number; mrn: string }) => Promise<boolean>;
  onRemove: (record: PatientChild) => void;
}

/** Site MRNs of an existing participant: each is added (POST) or removed (disabled) at once. */
export function EditSiteMrns({ sites, records, onAdd, onRemove }: Props) {
  const [siteId, setSiteId] = useState<string | null>(null);
  const [mrn, setMrn] = useState('');
  const [errors, setErrors] = useState<{ site?: string; mrn?: string }>({});
  const [saving, setSaving] = useState(false);

  const mrnInput = useRef<HTMLInputElement>(null);
  // issue 11: a site MRN typed but not added stops the form's submit, with the reason next to it.
  usePendingAdder(mrn.trim() !== '', () => {
    setErrors((e) => ({ ...e, mrn: 'Press Add to add this MRN, or clear it' }));
    mrnInput.current?.focus();
  });

  const add = async () => {
    const next = { site: siteId ? undefined : MSG.requiredSelect, mrn: mrn.trim() ? undefined : MSG.requiredSelect };
    setErrors(next);
    if (next.site || next.mrn) return;
    setSaving(true);
    try {
      if (await onAdd({ institutionSiteId: Number(siteId), mrn: mrn.trim() })) { setSiteId(null); setMrn(''); }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Input.Wrapper label="Institution Site MRNs" description="Added and removed at once; a removed MRN is disabled, not deleted.">
      <Stack gap="xs" mt={6}>
        {records.length > 0 && (
          <Group gap={6}>
            {records.map((r) => (
              <RemovableChip key={r.id} onRemove={() => onRemove(r)} removeLabel={`Remove site MRN ${r.mrn}`}>
                {r.institutionSite?.title ?? 'Site'}: {r.mrn}
              </RemovableChip>
            ))}
          </Group>
        )}
        <Group align="flex-start" gap="xs" wrap="nowrap">
          <Select aria-label="Institution Site" placeholder="Institution Site" data={sites} searchable clearable style={{ flex: 1 }}
            value={siteId} error={errors.site} onChange={(v) => { setSiteId(v); setErrors((e) => ({ ...e, site: undefined })); }} />
          <TextInput ref={mrnInput} aria-label="Site MRN" placeholder="MRN" autoComplete="off" style={{ flex: 1 }} value={mrn} error={errors.mrn}
            onChange={(e) => { setMrn(e.currentTarget.value); setErrors((er) => ({ ...er, mrn: undefined })); }}
            onKeyDown={(e) => { if (e.key === 'Enter') { e.preventDefault(); void add(); } }} />
          <Button variant="light" leftSection={<IconPlus size={14} />} loading={saving} onClick={() => void add()}>Add</Button>
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}
