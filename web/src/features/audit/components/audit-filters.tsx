import { compareText } from '@/lib/format';
import { Group, Select, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import '@mantine/dates/styles.layer.css';
import { useTranslation } from 'react-i18next';
import { AUDIT_RECORD_TYPES } from '@contract/audit-labels';
import { recordWords } from './audit-words';
import { useAuditAccounts } from '../api/audit-accounts';

export type AuditFilterKey = 'entity' | 'entityId' | 'accountId' | 'from' | 'to';

interface Props {
  instId: number;
  values: Record<AuditFilterKey, string>;
  onChange: (changes: Partial<Record<AuditFilterKey, string>>) => void;
}

/** Record type (from the declared list), record number, account and a range of days. */
export function AuditFilters({ instId, values, onChange }: Props) {
  // Re-rendered on a language change by useTranslation, so the order follows the language too.
  const { t } = useTranslation('audit');
  const accounts = useAuditAccounts(instId);
  // The record types by their words in the screens' language.
  const recordTypes = Object.keys(AUDIT_RECORD_TYPES)
    .map((value) => ({ value, label: recordWords(value) }))
    .sort((a, b) => compareText(a.label, b.label));
  return (
    <Group align="flex-end" wrap="wrap">
      <Select
        label={t('filters.recordType')}
        placeholder={t('filters.anyRecordType')}
        data={recordTypes}
        value={values.entity || null}
        onChange={(v) => onChange({ entity: v ?? '' })}
        searchable
        clearable
        w={{ base: '100%', xs: 210 }}
      />
      <TextInput
        label={t('filters.recordNumber')}
        placeholder={t('filters.recordNumberExample')}
        defaultValue={values.entityId}
        w={{ base: '100%', xs: 140 }}
        inputMode="numeric"
        onKeyDown={(e) => {
          if (e.key === 'Enter') onChange({ entityId: e.currentTarget.value.trim() });
        }}
        onBlur={(e) => onChange({ entityId: e.currentTarget.value.trim() })}
      />
      <Select
        label={t('filters.account')}
        placeholder={t('filters.anyone')}
        data={accounts.data ?? []}
        value={values.accountId || null}
        onChange={(v) => onChange({ accountId: v ?? '' })}
        searchable
        clearable
        nothingFoundMessage={t('filters.noAccount')}
        w={{ base: '100%', xs: 210 }}
      />
      <DatePickerInput
        type="range"
        label={t('filters.dates')}
        placeholder={t('filters.anyDay')}
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
