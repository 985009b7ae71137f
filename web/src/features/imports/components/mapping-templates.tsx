import { useState } from 'react';
import { Button, Group, Select, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { applyTemplate } from '@contract/import-headers';
import { MAPPING_TEMPLATE_NAME_MAX, type ImportKind, type ImportMapping } from '@contract/imports.contract';
import { doneMessage } from '@contract/words';
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
        ? `Mapping '${chosen.name}' applied to ${result.applied} column${result.applied === 1 ? '' : 's'}.`
        : `Mapping '${chosen.name}' names none of this file's columns; nothing changed.`,
    );
  };
  const del = () => {
    if (!chosen) return;
    remove.mutate(chosen.id, {
      onSuccess: () => {
        setChosenId(null);
        notifications.show({ color: 'teal', message: doneMessage('Mapping', chosen.name, 'deleted'), autoClose: 3000 });
      },
    });
  };
  const submit = () => {
    const trimmed = name.trim();
    if (!trimmed) {
      setNameError('Give the mapping a name');
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
          setStatus(doneMessage('Mapping', saved.name, 'saved'));
        },
        onError: (e) => setNameError(errorTitle(e, 'The mapping was not saved.')),
      },
    );
  };

  return (
    <Stack gap="xs" maw={640}>
      <Title order={3} fz="md">
        Saved mappings
      </Title>
      <Group align="flex-end" gap="xs">
        <Select
          label="Saved mapping"
          placeholder={templates.data?.length ? 'Choose a saved mapping' : 'None saved yet'}
          size="sm"
          w={{ base: '100%', sm: 260 }}
          data={(templates.data ?? []).map((x) => ({ value: String(x.id), label: x.name }))}
          value={chosenId}
          onChange={setChosenId}
          disabled={!templates.data?.length}
        />
        <Button variant="light" onClick={apply} disabled={!chosen}>
          Apply mapping
        </Button>
        <Button variant="subtle" color="red" onClick={del} disabled={!chosen} loading={remove.isPending}>
          Delete mapping
        </Button>
      </Group>
      <Group align="flex-start" gap="xs">
        <TextInput
          label="Save this mapping as"
          placeholder="e.g. Clinic export"
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
          Save mapping
        </Button>
      </Group>
      <Text size="sm" role="status">
        {status}
      </Text>
    </Stack>
  );
}
