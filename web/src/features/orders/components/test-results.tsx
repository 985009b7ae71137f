import { useEffect, useState } from 'react';
import { Button, Grid, Group, Stack, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useTranslation } from 'react-i18next';
import { notifications } from '@mantine/notifications';
import { IconDeviceFloppy, IconPrinter } from '@tabler/icons-react';
import { buildOrderLabel } from '@contract/labels.contract';
import type { OrderDetail, OrderedPanelDetail, OrderedTestDetail } from '@contract/orders.contract';
import { usePrintLabels } from '@/lib/labels/print-labels';
import { useCan, useCurrentInstitution } from '@/lib/session-context';
import { useUnsavedChangesGuard } from '@/lib/unsaved-changes';
import { usePhone } from '@/lib/use-phone';
import { useResultCommands, useResultHistory } from '../api/results';
import { AmendDialog } from './amend-dialog';
import { BarcodeButton } from './barcode-button';
import { CommentDialog } from './comment-dialog';
import { OrderCards } from './order-cards';
import { PanelCard, type TestActions } from './panel-card';
import { resultActionsHint } from './result-hints';
import { useResultDrafts } from './use-result-drafts';

type Dialog = { kind: 'comment' | 'amend'; panelId: number; testId: number } | null;
const ok = (message: string, autoClose = 3000) => notifications.show({ color: 'teal', message, autoClose });

/** spec 1 §2 Order test-result screen: cards on the left, Save / Print and one card per ordered panel on the right. */
export function TestResults({ order }: { order: OrderDetail }) {
  const { institution } = useCurrentInstitution();
  const { t } = useTranslation('orders');
  const can = { enter: useCan('results.enter'), release: useCan('results.release'), amend: useCan('results.amend') };
  const canPrint = useCan('labels.print');
  const commands = useResultCommands(institution.id, order.id);
  const print = usePrintLabels(institution.id);
  const drafts = useResultDrafts(order);
  // Typed results survive no way out unasked: links, Back, reload, Logout, the institution chip.
  useUnsavedChangesGuard(drafts.changes.length > 0);
  const [dialog, setDialog] = useState<Dialog>(null);
  const phone = usePhone();
  const busy = commands.save.isPending || commands.releaseTest.isPending || commands.releasePanel.isPending;

  const panelOf = (id: number) => order.orderedPanels.find((p) => p.id === id);
  const dialogPanel = dialog ? panelOf(dialog.panelId) : undefined;
  const dialogTest = dialogPanel?.orderedTests.find((t) => t.id === dialog?.testId);
  const path = (p: OrderedPanelDetail, t: OrderedTestDetail) => ({
    orderedPanelId: p.id,
    orderedTestId: t.id,
    resultId: t.testResult.id,
  });
  const history = useResultHistory(
    institution.id,
    order.id,
    dialogPanel && dialogTest ? path(dialogPanel, dialogTest) : null,
    dialog?.kind === 'amend',
  );

  /** Save the changed results only; false when nothing could be saved (the reason is already shown). */
  const saveChanges = async (): Promise<boolean> => {
    if (!drafts.changes.length) return true;
    if (drafts.invalid.length) {
      drafts.touchAll();
      notifications.show({
        color: 'red',
        title: t('errors.notificationTitle', { ns: 'shell' }),
        message: t('result.checkResult', { tests: drafts.invalid.map((x) => x.test.title).join(', ') }),
        autoClose: 3000,
      });
      return false;
    }
    return commands.save.mutateAsync({ results: drafts.changes }).then(
      () => true,
      () => false,
    );
  };

  const onSave = async () => {
    if (!drafts.changes.length) return ok(t('result.noChanges'), 2000);
    if (await saveChanges()) ok(t('result.saved'), 2000); // spec 1 §8/§9: 2000 ms
  };

  const actions: TestActions = {
    // spec 1 §4: releasing a test saves pending changes first, then releases, then reloads.
    release: async (p, test) => {
      if (!(await saveChanges())) return;
      await commands.releaseTest.mutateAsync({ ...path(p, test), releaseId: test.testResultRelease.id }).then(
        () => ok(t('result.released', { test: test.test.title })),
        () => {},
      );
    },
    releasePanel: (p) =>
      modals.openConfirmModal({
        title: t('result.releasePanelTitle', { panel: p.panel.title }),
        children: <Text size="sm">{t('result.releasePanelBody')}</Text>,
        labels: { confirm: t('result.releasePanel'), cancel: t('result.cancel') },
        onConfirm: async () => {
          if (!(await saveChanges())) return;
          await commands.releasePanel.mutateAsync(p.id).then(
            () => ok(t('result.panelReleased', { panel: p.panel.title })),
            () => {},
          );
        },
      }),
    comment: (p, test) => {
      commands.comment.reset();
      setDialog({ kind: 'comment', panelId: p.id, testId: test.id });
    },
    amend: (p, test) => {
      commands.amend.reset();
      setDialog({ kind: 'amend', panelId: p.id, testId: test.id });
    },
  };

  const printLabel = () =>
    print.mutate({
      job: {
        labels: [
          buildOrderLabel({
            sampleId: order.sampleId,
            createdDate: order.createdDate,
            mrn: order.patientMRNs[0]?.mrn ?? order.patientMRN,
            // A received sample's order: the donor code is the name line (no identity travels).
            firstName: order.patient?.firstName ?? order.donorCode,
            fatherName: order.patient?.fatherName,
          }),
        ],
      },
    });

  useEffect(() => {
    document.title = t('result.documentTitle', { sampleId: order.sampleId });
  }, [order.sampleId, t]);

  return (
    <Stack>
      <Group justify="space-between" align="flex-end">
        <div>
          <Title order={1} fz={26}>
            {t('result.title')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('result.sampleId')}{' '}
            <Text span ff="monospace" fw={700} c="dark">
              {order.sampleId}
            </Text>
          </Text>
        </div>
        <Group gap="xs">
          <BarcodeButton sampleId={order.sampleId} />
          {can.enter && (
            <Button
              leftSection={<IconDeviceFloppy size={16} />}
              loading={commands.save.isPending}
              disabled={busy && !commands.save.isPending}
              onClick={() => void onSave()}
            >
              {drafts.changes.length ? t('result.saveCount', { count: drafts.changes.length }) : t('result.save')}
            </Button>
          )}
          <Tooltip label={canPrint ? t('result.printHint') : t('result.needsPrint')}>
            <Button
              variant="default"
              leftSection={<IconPrinter size={16} />}
              loading={print.isPending}
              disabled={!canPrint}
              onClick={printLabel}
            >
              {t('result.print')}
            </Button>
          </Tooltip>
        </Group>
      </Group>
      <Grid gap="md">
        <Grid.Col span={{ base: 12, md: 4 }}>
          <OrderCards order={order} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 8 }}>
          <Stack>
            {order.orderedPanels.map((p) => (
              <PanelCard key={p.id} panel={p} drafts={drafts} actions={actions} can={can} busy={busy} />
            ))}
            <Text size="xs" c="dimmed">
              {resultActionsHint(t, can, phone)}
            </Text>
          </Stack>
        </Grid.Col>
      </Grid>
      {dialog?.kind === 'comment' && dialogPanel && dialogTest && (
        <CommentDialog
          test={dialogTest}
          saving={commands.comment.isPending}
          error={commands.comment.error}
          onClose={() => setDialog(null)}
          onSave={(comment) =>
            commands.comment.mutate(
              { ...path(dialogPanel, dialogTest), comment, concurrencyStamp: dialogTest.concurrencyStamp },
              {
                onSuccess: () => {
                  setDialog(null);
                  ok(t('result.commentSaved'));
                },
              },
            )
          }
        />
      )}
      {dialog?.kind === 'amend' && dialogPanel && dialogTest && (
        <AmendDialog
          test={dialogTest}
          history={history}
          saving={commands.amend.isPending}
          error={commands.amend.error}
          onClose={() => setDialog(null)}
          onSave={(v) =>
            commands.amend.mutate(
              { ...path(dialogPanel, dialogTest), ...v, concurrencyStamp: dialogTest.testResult.concurrencyStamp },
              {
                onSuccess: () => {
                  setDialog(null);
                  ok(t('result.amended', { test: dialogTest.test.title }));
                },
              },
            )
          }
        />
      )}
    </Stack>
  );
}
