import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import {
  DistributionProtocolInput,
  DistributionProtocolUpdate,
  type DistributionProtocol,
} from '@contract/distribution.contract';
import { FullScreenForm } from '@/components/full-screen-form';
import { DateField } from '@/components/date-field';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { calendarDate, fullName } from '@/lib/format';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import {
  useCreateDistributionProtocol,
  useInstitutionAccounts,
  useUpdateDistributionProtocol,
} from '../api/distribution';

type Values = {
  title: string;
  principalInvestigatorId: string | null;
  institutionName: string;
  ethicsApprovalNumber: string;
  startDate: string | null;
  endDate: string | null;
  purposeIds: string[];
  approverIds: string[];
  /** Not shown: the update sends it back (a stale one is 409). */
  concurrencyStamp: string;
};

const valuesOf = (p?: DistributionProtocol): Values => ({
  title: p?.title ?? '',
  principalInvestigatorId: p ? String(p.principalInvestigatorId) : null,
  institutionName: p?.institutionName ?? '',
  ethicsApprovalNumber: p?.ethicsApprovalNumber ?? '',
  startDate: p?.startDate ? calendarDate(p.startDate) : null,
  endDate: p?.endDate ? calendarDate(p.endDate) : null,
  purposeIds: (p?.purposes ?? []).map((x) => String(x.id)),
  approverIds: (p?.approvers ?? []).map((x) => String(x.id)),
  concurrencyStamp: p?.concurrencyStamp ?? '',
});

type Option = { value: string; label: string };
/** The choices, plus what the record already names that is no longer offered (kept, ADR 0010). */
const withKept = (options: Option[], kept: Option[]) => [
  ...options,
  ...kept.filter((k) => !options.some((o) => o.value === k.value)),
];

interface Props {
  protocol?: DistributionProtocol;
  onClose: () => void;
  onSaved: (protocol: DistributionProtocol) => void;
}

/** Create or update a distribution protocol (issue 32 item 1, docs/research.md): the contract's rules and messages. */
export function DistributionForm({ protocol, onClose, onSaved }: Props) {
  const { t } = useTranslation('distribution');
  const { institution } = useCurrentInstitution();
  const create = useCreateDistributionProtocol(institution.id);
  const update = useUpdateDistributionProtocol(institution.id, protocol?.id ?? 0);
  const save = protocol ? update : create;
  const accounts = useInstitutionAccounts(institution.id);
  const purposes = useLookupOptions('consentPurposes');
  const form = useForm<Values>({
    initialValues: valuesOf(protocol),
    validate: contractResolver(protocol ? DistributionProtocolUpdate : DistributionProtocolInput),
  });
  const guard = useUnsavedChangesGuard(formChanged(form));
  const accountOptions = (accounts.data?.items ?? []).map((a) => ({ value: String(a.id), label: fullName(a) }));
  const named = [
    ...(protocol?.principalInvestigator ? [protocol.principalInvestigator] : []),
    ...(protocol?.approvers ?? []),
  ].map((a) => ({ value: String(a.id), label: fullName(a) }));
  const people = withKept(accountOptions, named);
  const purposeData = withKept(
    purposes.options,
    (protocol?.purposes ?? []).map((x) => ({ value: String(x.id), label: x.title })),
  );

  const submit = form.onSubmit((v) => {
    const body = {
      ...v,
      // Required: the contract's resolver has refused an empty choice before submit runs.
      principalInvestigatorId: v.principalInvestigatorId ?? '',
      purposeIds: v.purposeIds.map(Number),
      approverIds: v.approverIds.map(Number),
    };
    const done = {
      onSuccess: (saved: DistributionProtocol) => {
        notifications.show({
          color: 'teal',
          message: t(protocol ? 'form.updated' : 'form.created', { title: saved.title }),
          autoClose: 3000,
        });
        guard.release();
        onSaved(saved);
      },
      onError: (error: unknown) => form.setErrors(serverFormErrors(error).fields),
    };
    if (protocol) update.mutate(body, done);
    else create.mutate(body, done);
  });

  return (
    <FullScreenForm
      title={protocol ? t('form.updateTitle') : t('form.createTitle')}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
      width={760}
    >
      <Stack gap="sm">
        <TextInput
          label={t('form.title')}
          withAsterisk
          data-autofocus
          autoComplete="off"
          {...form.getInputProps('title')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label={t('form.principalInvestigator')}
            withAsterisk
            searchable
            data={people}
            placeholder={accounts.isPending ? t('form.loading') : t('form.chooseAccount')}
            nothingFoundMessage={t('form.noAccount')}
            {...form.getInputProps('principalInvestigatorId')}
          />
          <TextInput
            label={t('form.institution')}
            description={t('form.institutionHelp')}
            withAsterisk
            autoComplete="organization"
            {...form.getInputProps('institutionName')}
          />
        </SimpleGrid>
        <TextInput
          label={t('form.ethicsApprovalNumber')}
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('ethicsApprovalNumber')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField label={t('form.startDate')} clearable {...form.getInputProps('startDate')} />
          <DateField
            label={t('form.endDate')}
            clearable
            minDate={form.values.startDate}
            {...form.getInputProps('endDate')}
          />
        </SimpleGrid>
        <MultiSelect
          label={t('form.purposes')}
          description={t('form.purposesHelp')}
          data={purposeData}
          searchable
          clearable
          {...form.getInputProps('purposeIds')}
        />
        <MultiSelect
          label={t('form.approvers')}
          description={t('form.approversHelp')}
          data={people}
          searchable
          clearable
          nothingFoundMessage={t('form.noAccount')}
          {...form.getInputProps('approverIds')}
        />
      </Stack>
    </FullScreenForm>
  );
}
