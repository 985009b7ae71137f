import { MultiSelect, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import {
  DistributionProtocolInput,
  DistributionProtocolUpdate,
  type DistributionProtocol,
} from '@contract/distribution.contract';
import { doneMessage } from '@contract/words';
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
          message: doneMessage('Distribution protocol', saved.title, protocol ? 'updated' : 'created'),
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
      title={protocol ? 'Update a Distribution Protocol' : 'Create a Distribution Protocol'}
      opened
      onClose={onClose}
      guard={guard}
      onSubmit={submit}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
      width={760}
    >
      <Stack gap="sm">
        <TextInput label="Title" withAsterisk data-autofocus autoComplete="off" {...form.getInputProps('title')} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Principal Investigator"
            withAsterisk
            searchable
            data={people}
            placeholder={accounts.isPending ? 'Loading…' : 'Choose an account'}
            nothingFoundMessage="No account matches"
            {...form.getInputProps('principalInvestigatorId')}
          />
          <TextInput
            label="Institution"
            description="The investigator's institution"
            withAsterisk
            autoComplete="organization"
            {...form.getInputProps('institutionName')}
          />
        </SimpleGrid>
        <TextInput
          label="Ethics Approval Number"
          withAsterisk
          autoComplete="off"
          {...form.getInputProps('ethicsApprovalNumber')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <DateField label="Start Date" clearable {...form.getInputProps('startDate')} />
          <DateField label="End Date" clearable minDate={form.values.startDate} {...form.getInputProps('endDate')} />
        </SimpleGrid>
        <MultiSelect
          label="Consent Purposes Needed"
          description="A sample is eligible only while its donor's consent grants every one of these."
          data={purposeData}
          searchable
          clearable
          {...form.getInputProps('purposeIds')}
        />
        <MultiSelect
          label="Who May Approve"
          description="Accounts of this institution who may approve requests under this protocol."
          data={people}
          searchable
          clearable
          nothingFoundMessage="No account matches"
          {...form.getInputProps('approverIds')}
        />
      </Stack>
    </FullScreenForm>
  );
}
