import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { applyTemplate } from '@contract/import-headers';
import { MAPPING_TEMPLATE_NAME_MAX, type ImportKind, type ImportMapping } from '@contract/imports.contract';
import { errorTitle } from '@/lib/api-client';
import { usePhone } from '@/lib/use-phone';
import { useDeleteMappingTemplate, useMappingTemplates, useSaveMappingTemplate } from '../api/mapping-templates';

/**
 * Saved mappings of this kind (issue 28 item 10): apply one to the chosen file's columns, delete one, or save the
 * current mapping under a name (unique per institution and kind, any case).
 */
export function MappingTemplates({
  instId,
  kind,
  headers,
  mapping,
  onApply,
}: {
  instId: number;
  kind: ImportKind;
  headers: string[];
  mapping: ImportMapping;
  onApply: (mapping: ImportMapping) => void;
}) {
  const { t } = useTranslation('imports');
  const phone = usePhone();
  const templates = useMappingTemplates(instId, kind);
  const save = useSaveMappingTemplate(instId, kind);
  const remove = useDeleteMappingTemplate(instId, kind);
  const [chosenId, setChosenId] = useState<string | null>(null);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [status, setStatus] = useState('');
  const chosen = templates.data?.find((x) => String(x.id) === chosenId) ?? null;

  const apply = () => {
    if (!chosen) return;
    const result = applyTemplate(headers, mapping, chosen.mapping);
    onApply(result.mapping);
    setStatus(
      result.applied
        ? t('templates.applied', { name: chosen.name, count: result.applied })
        : t('templates.noneApplied', { name: chosen.name }),
    );
  };
  const del = () => {
    if (!chosen) return;
    remove.mutate(chosen.id, {
      onSuccess: () => {
        setChosenId(null);
        notifications.show({
          color: 'teal',
          message: t('templates.deletedDone', { name: chosen.name }),
          autoClose: 3000,
        });
      },
    });
  };
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError(t('templates.giveName'));
      return;
    }
    setNameError(null);
    setStatus('');
    save.mutate(
      { name: trimmed, mapping },
      {
        onSuccess: (saved) => {
          setName('');
          setChosenId(String(saved.id));
          setStatus(t('templates.savedDone', { name: saved.name }));
        },
        onError: (e) => setNameError(errorTitle(e, t('templates.notSaved'))),
      },
    );
  };

  return (
    <Stack gap="xs" maw={640}>
      <Title order={3} fz="md">
        {t('templates.title')}
      </Title>
      <Group align="flex-end" gap="xs">
        <Select
          label={t('templates.saved')}
          placeholder={templates.data?.length ? t('templates.choose') : t('templates.none')}
          size="sm"
          w={{ base: '100%', sm: 260 }}
          data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          value={chosenId}
          onChange={setChosenId}
          disabled={!templates.data?.length}
        />
        <Button variant="light" onClick={apply} disabled={!chosen}>
          {t('templates.apply')}
        </Button>
        <Button variant="subtle" color="red" onClick={del} disabled={!chosen} loading={remove.isPending}>
          {t('templates.delete')}
        </Button>
      </Group>
      <Group align="flex-start" gap="xs">
        <TextInput
          label={t('templates.saveAs')}
          placeholder={t('templates.example')}
          size="sm"
          w={{ base: '100%', sm: 260 }}
          maxLength={MAPPING_TEMPLATE_NAME_MAX}
          value={name}
          onChange={(e) => {
            setName(e.currentTarget.value);
            setNameError(null);
          }}
          error={nameError}
          onKeyDown={(e) => {
            if (e.key === 'Enter') submit();
          }}
        />
        {/* Beside the input, level with the box (not with its label); below it on a phone. */}
        <Button variant="light" mt={phone ? 0 : 25} onClick={submit} loading={save.isPending}>
          {t('templates.save')}
        </Button>
      </Group>
      <Text size="sm" role="status">
        {status}
      </Text>
    </Stack>
  );
}
