import { useState } from 'react';
import { Alert, Button, Group, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { OrderedTestDetail } from '@contract/orders.contract';
import { serverFormErrors } from '@/lib/contract-resolver';
import { Dialog, DialogClose } from '@/components/dialog';

interface Props {
  test: OrderedTestDetail;
  saving: boolean;
  error: unknown;
  onSave: (comment: string | null) => void;
  onClose: () => void;
}

/** spec 1 §2 comment dialog of an ordered test: a text area, Close and Save. */
export function CommentDialog({ test, saving, error, onSave, onClose }: Props) {
  const [text, setText] = useState(test.comment ?? '');
  const { t } = useTranslation('orders');
  const title = serverFormErrors(error).title ?? serverFormErrors(error).fields.comment ?? null;
  return (
    <Dialog
      onClose={onClose}
      dirty={text !== (test.comment ?? '')}
      title={t('comment.title', { test: test.test.title })}
      size={500}
    >
      {title && <Alert color="red" mb="sm" title={title} />}
      <Textarea
        label={t('comment.label')}
        data-autofocus
        autosize
        minRows={4}
        maxRows={10}
        value={text}
        onChange={(e) => setText(e.currentTarget.value)}
      />
      <Group justify="flex-end" mt="md">
        <DialogClose />
        <Button loading={saving} onClick={() => onSave(text.trim() || null)}>
          {t('comment.save')}
        </Button>
      </Group>
    </Dialog>
  );
}
