import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { AUDIT_RECORD_TYPE_OPTIONS } from '@contract/audit-labels';
import { useAuditAccounts } from '../api/audit-accounts';

export type AuditFilterKey = 'entity' | 'entityId' | 'accountId' | 'from' | 'to';

interface Props {
  instId: number;
  values: Record<AuditFilterKey, string>;
  onChange: (changes: Partial<Record<AuditFilterKey, string>>) => void;
}

/** Record type (from the declared list), record number, account and a range of days. */
export function AuditFilters({ instId, values, onChange }: Props) {
  const accounts = useAuditAccounts(instId);
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label="Record type"
        placeholder="Any record type"
        data={AUDIT_RECORD_TYPE_OPTIONS}
        value={values.entity || null}
        onChange={(v) => onChange({ entity: v ?? '' })}
        searchable
        clearable
        w={{ base: '100%', xs: 210 }}
      />
      <TextInput
        label="Record number"
        placeholder="e.g. 42"
        defaultValue={values.entityId}
        w={{ base: '100%', xs: 140 }}
        inputMode="numeric"
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ entityId: e.currentTarget.value.trim() });
        }}
        onBlur={(e) => onChange({ entityId: e.currentTarget.value.trim() })}
      />
      <Select
        label="Account"
        placeholder="Anyone"
        data={accounts.data ?? []}
        value={values.accountId || null}
        onChange={(v) => onChange({ accountId: v ?? '' })}
        searchable
        clearable
        nothingFoundMessage="No account of that name"
        w={{ base: '100%', xs: 210 }}
      />
      <DatePickerInput
        type="range"
        label="Dates"
        placeholder="Any day"
        clearable
        allowSingleDateInRange
        valueFormat="YYYY-MM-DD"
        value={[values.from || null, values.to || null]}
        w={{ base: '100%', xs: 210 }}
        onChange={([from, to]) => {
          if ((from && to) || (!from && !to)) onChange({ from: from ?? '', to: to ?? '' });
        }}
      />
    </Group>
  );
}
