import { Alert, Button, Group, Select, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useTranslation } from 'react-i18next';
import { RequirementItemInput } from '@contract/protocol-events.contract';
import { contractResolver, serverFormErrors } from '@/lib/contract-resolver';
import { useLookupOptions } from '@/lib/lookup-options';
import { useCurrentInstitution } from '@/lib/session-context';
import { formChanged } from '@/lib/unsaved-changes';
import { useCurrentProtocol } from '@/lib/protocol-context';
import { useAddItems } from '../api/events';
import { quantityText, type TreeNode } from '@/components/requirement-tree';
import { aliquotRoom } from '@/lib/tree-quantities';
import { Dialog, DialogClose } from '@/components/dialog';
import { NumberField } from '@/components/number-field';

type Values = {
  key: string;
  subSampleLineageId: string | null;
  specimenTypeId: string | null;
  initialQuantity: number | string;
};

interface Props {
  parent: TreeNode;
  onClose: () => void;
}

/**
 * 'Add child' on a stored node (spec 2 §5 "Requirement item": lineage, specimen type, quantity): one POST to
 * .../collectionProtocolEventSpecimenRequirementItems under the node. The server checks the whole tree
 * again; its refusal (aliquots exceeding the parent) shows above the fields.
 */
export function AddChildForm({ parent, onClose }: Props) {
  const { institution } = useCurrentInstitution();
  const protocol = useCurrentProtocol();
  const lineages = useLookupOptions('subSampleLineages');
  const types = useLookupOptions('specimenTypes');
  const add = useAddItems(institution.id, protocol.id);
  const { t } = useTranslation('protocols');
  const { t: tc } = useTranslation('common');
  const form = useForm<Values>({
    initialValues: { key: 'new', subSampleLineageId: null, specimenTypeId: null, initialQuantity: 0 },
    validate: contractResolver(RequirementItemInput),
  });
  const room = aliquotRoom(parent.quantity, parent.children);
  const parentName = parent.itemId === null ? parent.name : `${parent.name} ${parent.specimenType ?? ''}`.trim();

  const submit = form.onSubmit((v) =>
    add.mutate(
      {
        requirementId: parent.requirementId,
        body: { parentItemId: parent.itemId ?? undefined, items: [RequirementItemInput.parse(v)] },
      },
      {
        onSuccess: () => {
          notifications.show({ color: 'teal', message: t('addChild.added', { parent: parentName }), autoClose: 3000 });
          onClose();
        },
        onError: (error) => {
          // The one item's field errors come back as items.0.<field>.
          const fields = serverFormErrors(error).fields;
          form.setErrors(Object.fromEntries(Object.entries(fields).map(([k, m]) => [k.replace(/^items\.0\./, ''), m])));
        },
      },
    ),
  );
  const problem = serverFormErrors(add.error).title;

  return (
    <Dialog onClose={onClose} dirty={formChanged(form)} title={t('addChild.title', { parent: parentName })} size={500}>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="gray.7">
            {t('addChild.explain', {
              parent: parentName,
              quantity: quantityText(parent),
              left: quantityText({ quantity: room.left, unitSymbol: parent.unitSymbol }),
            })}
          </Text>
          {problem && <Alert color="red" role="alert" title={problem} />}
          <Select
            label={t('addChild.lineage')}
            withAsterisk
            data={lineages.options}
            data-autofocus
            placeholder={lineages.isPending ? tc('loadingEllipsis') : t('addChild.lineagePlaceholder')}
            {...form.getInputProps('subSampleLineageId')}
          />
          <Select
            label={t('addChild.specimenType')}
            withAsterisk
            data={types.options}
            searchable
            placeholder={types.isPending ? tc('loadingEllipsis') : t('addChild.chooseSpecimenType')}
            {...form.getInputProps('specimenTypeId')}
          />
          <NumberField
            label={t('addChild.initialQuantity')}
            withAsterisk
            rightSection={
              parent.unitSymbol ? (
                <Text size="xs" c="gray.7">
                  {parent.unitSymbol}
                </Text>
              ) : undefined
            }
            {...form.getInputProps('initialQuantity')}
          />
          <Group justify="flex-end" mt="sm">
            <DialogClose>{tc('cancel')}</DialogClose>
            <Button type="submit" loading={add.isPending}>
              {t('addChild.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
