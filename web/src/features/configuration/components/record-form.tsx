import type { ReactNode } from 'react';
import { Stack } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useForm, type UseFormReturnType } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import type { UseMutationResult } from '@tanstack/react-query';
import { descriptionField, LOOKUP_BY_KEY, type LookupField } from '@contract/lookups.registry';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { FullScreenForm, isCreateAnother } from '@/components/full-screen-form';
import { formChanged, useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { recordTitle, type ConfigEntity, type ConfigRecord } from './config-entities';
import { FieldInput, type FormValues } from './field-input';
import { useSaveTestSetup } from '../api/test-setup';
import {
  placeSetupErrors,
  setupBody,
  setupErrors,
  setupInitialValues,
  TestSetupFields,
  useLoadTestSetup,
} from './test-setup-fields';
import { doneText, useConfigWords } from './config-words';
import { TitleTranslations, titlesInitialValue } from '@/components/title-translations';

type SaveMutation = UseMutationResult<ConfigRecord, Error, FormValues>;

interface Props {
  entity: ConfigEntity;
  /** The record being edited; without it the form creates. */
  record?: ConfigRecord;
  /** Values the record does not carry itself (the filter of a dependent select). */
  extraValues?: FormValues;
  save: SaveMutation;
  onClose: () => void;
  /** Fields shown as a switch rather than a checkbox. */
  switches?: string[];
}

function initialValues(fields: LookupField[], record?: ConfigRecord, extra: FormValues = {}): FormValues {
  const values: FormValues = {};
  for (const f of fields) {
    const v = record?.[f.name] ?? extra[f.name];
    if (f.kind === 'boolean') values[f.name] = record ? Boolean(v) : Boolean(f.default);
    else if (f.kind === 'reference') values[f.name] = v == null ? null : String(v);
    else if (f.kind === 'number' || f.kind === 'integer') values[f.name] = v == null ? (f.default ?? '') : Number(v);
    else values[f.name] = v == null ? '' : String(v);
  }
  if (record?.concurrencyStamp) values.concurrencyStamp = record.concurrencyStamp;
  return values;
}

/** A titled list's form also edits its titles per language (issue 33 item 4). */
const titled = (entity: ConfigEntity) => Boolean(LOOKUP_BY_KEY[entity.key]?.titleField);
/** A described list's form also edits its descriptions per language (issue 33, i33desc). */
const described = (entity: ConfigEntity) => {
  const lookup = LOOKUP_BY_KEY[entity.key];
  return Boolean(lookup && descriptionField(lookup));
};
/** The translations a field is followed by: the title's (`titles`), the description's (`descriptions`), or none. */
function translationsAfter(entity: ConfigEntity, f: LookupField): false | 'titles' | 'descriptions' {
  if (titled(entity) && f.name === entity.titleField) return 'titles';
  return described(entity) && f.name === 'description' ? 'descriptions' : false;
}

/**
 * The one create/edit form of every configuration list, generated from its fields: 'Create a {label}' /
 * 'Edit a {label}', validated by the contract schema (spec 1 §5 messages), conditional fields shown only
 * while their box is ticked, dependent selects cleared when their parent changes.
 */
export function RecordForm({ entity, record, extraValues, save, onClose, switches = [] }: Props) {
  const editing = record !== undefined;
  const words = useConfigWords();
  const { t } = words;
  const schema = editing ? entity.editSchema : entity.schema;
  // A test also carries its range and accepted values (test-setup-fields.tsx).
  const isTest = entity.key === 'tests';
  const resolver = contractResolver(schema);
  const form = useForm<FormValues>({
    initialValues: {
      ...initialValues(entity.fields, record, extraValues),
      ...(titled(entity) ? { titles: titlesInitialValue(record?.titles) } : {}),
      ...(described(entity) ? { descriptions: titlesInitialValue(record?.descriptions) } : {}),
      ...(isTest ? setupInitialValues() : {}),
    },
    validate: (values) => ({ ...resolver(values), ...(isTest ? setupErrors(values) : {}) }),
  });
  useLoadTestSetup(form, isTest && record ? record.id : null);
  const saveSetup = useSaveTestSetup();
  const guard = useUnsavedChangesGuard(formChanged(form));

  const changed = (f: LookupField, value: unknown) => {
    for (const other of entity.fields) {
      // A dependent select is emptied when what it depends on changes.
      if (other.dependsOn?.field === f.name) form.setFieldValue(other.name, null);
      // A conditional field is emptied when its box is unticked (the server clears it too).
      if (other.requiredWhen === f.name && value === false) {
        form.setFieldValue(other.name, other.kind === 'reference' ? null : '');
        form.clearFieldError(other.name);
      }
    }
  };

  const submit = form.onSubmit((values, event) => {
    const again = !editing && isCreateAnother(event);
    const body = schema.parse(values) as FormValues;
    save.mutate(body, {
      onSuccess: async (saved) => {
        if (isTest) {
          try {
            await saveSetup.mutateAsync({ testId: saved.id, body: setupBody(values) });
          } catch (error) {
            form.setErrors(placeSetupErrors(serverFormErrors(error).fields));
            notifications.show({
              color: 'red',
              title: t('form.setupFailed'),
              message: serverFormErrors(error).title ?? t('form.correctMarked'),
              autoClose: 6000,
            });
            return;
          }
        }
        notifications.show({
          color: 'teal',
          autoClose: 3000,
          message: doneText(words, entity.label, recordTitle(entity, saved, words), editing ? 'saved' : 'created'),
        });
        if (again) {
          form.reset();
          save.reset();
          document.querySelector<HTMLElement>('[role="dialog"] [data-autofocus]')?.focus();
        } else {
          guard.release();
          onClose();
        }
      },
      onError: (error) => form.setErrors(serverFormErrors(error).fields),
    });
  });

  const visible = entity.fields.filter((f) => !f.requiredWhen || form.values[f.requiredWhen] === true);
  return (
    <FullScreenForm
      title={t(editing ? 'form.editTitle' : 'form.createTitle', { what: words.articled(entity.label) })}
      opened
      onClose={onClose}
      onSubmit={submit}
      guard={guard}
      allowAnother={!editing}
      submitting={save.isPending}
      error={serverFormErrors(save.error).title}
    >
      <Stack gap="sm">
        {visible.map((f, i) => (
          <TitledField key={f.name} show={translationsAfter(entity, f)} form={form}>
            <FieldInput
              field={f}
              form={form}
              record={record}
              entityKey={entity.key}
              autoFocus={i === 0}
              required={Boolean(f.required || f.requiredWhen)}
              asSwitch={switches.includes(f.name)}
              dependsOnLabel={entity.fields.find((x) => x.name === f.dependsOn?.field)?.label}
              onChanged={(value) => changed(f, value)}
            />
          </TitledField>
        ))}
        {isTest && <TestSetupFields form={form} />}
      </Stack>
    </FullScreenForm>
  );
}

/** A field, followed by its translations when it is the list's title (`titles`) or description (`descriptions`). */
function TitledField({
  show,
  form,
  children,
}: {
  show: false | 'titles' | 'descriptions';
  form: UseFormReturnType<FormValues>;
  children: ReactNode;
}) {
  const { t } = useTranslation('configuration');
  return (
    <>
      {children}
      {show === 'titles' && <TitleTranslations form={form} />}
      {show === 'descriptions' && (
        <TitleTranslations
          form={form}
          field="descriptions"
          multiline
          words={(language) => ({
            label: t('descriptionsIn.label', { language }),
            description: t('descriptionsIn.description', { language }),
          })}
        />
      )}
    </>
  );
}
