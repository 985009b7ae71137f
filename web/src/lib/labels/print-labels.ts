import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { LabelJob } from '@contract/labels.contract';
import type { en } from '@contract/i18n/en';
import { labelEndpoints as e } from '@contract/labels.endpoints';
import { call, callFile } from '@/lib/api-client';
import { saveBlob } from '../download';
import { extensionTimeoutMs, sendToExtension } from './extension-print';
import { printerIpStore, printMethodStore, type PrintMethod } from './print-settings';
import { changes } from '@/lib/mutation-effects';
import { i18next } from '../i18n';

/** The printing notices' words (namespace labels, `printing`), in the screens' language. */
const words = (key: PrintingKey, values?: Record<string, unknown>) =>
  i18next.t(`printing.${key}`, { ns: 'labels', ...values });
/** A key of `labels.printing`, a plural's key without its `_one` / `_other`. */
type PrintingKey = keyof (typeof en)['labels']['printing'] extends infer K
  ? K extends `${infer Base}_${'one' | 'other'}`
    ? Base
    : K
  : never;

const done = (message: string) => notifications.show({ color: 'teal', message, autoClose: 4000 });
const fail = (message: string) => {
  notifications.show({ color: 'red', title: i18next.t('errors.notificationTitle'), message, autoClose: 5000 });
  return new Error(message);
};

/** spec 2 §7 Printing: one window message per label for the Zebra browser extension. */
async function printWithExtension(instId: number, job: LabelJob) {
  const ip = printerIpStore.get();
  if (!ip) throw fail(words('noIp'));
  const zpl = await (await callFile(e.zpl, { params: { instId }, body: job })).blob.text();
  const formats = zpl
    .split(/(?<=\^XZ)\n/)
    .map((f) => f.trim())
    .filter(Boolean);
  const url = `http://${ip}/pstprnt`;
  const { answered, failed } = await sendToExtension(formats, url);
  const labels = (count: number) => words('labels', { count });
  if (answered === 0) throw fail(words('noAnswer', { seconds: extensionTimeoutMs / 1000 }));
  if (failed.length > 0)
    throw fail(words('couldNotPrint', { labels: labels(failed.length), reason: failed[0] || words('notTaken') }));
  if (answered < formats.length) throw fail(words('confirmedOnly', { answered, labels: labels(formats.length) }));
  done(words('sent', { labels: labels(formats.length), ip }));
}

async function printOnServer(instId: number, job: LabelJob) {
  const result = await call(e.print, { params: { instId }, body: job });
  done(words('printed', { labels: words('labels', { count: result.labels }), printer: result.printer }));
}

export async function downloadPdf(instId: number, job: LabelJob, fileName = 'labels.pdf') {
  const { blob } = await callFile(e.pdf, { params: { instId }, body: job });
  saveBlob(blob, fileName);
  done(words('downloaded', { fileName }));
}

/**
 * Prints labels with the method chosen in Setting > Printer (or the one given). Errors are already
 * shown as notifications with the server's title.
 */
export function usePrintLabels(instId: number) {
  return useMutation({
    ...changes('labels.print', instId),
    mutationFn: async ({ job, method = printMethodStore.get() }: { job: LabelJob; method?: PrintMethod }) => {
      if (method === 'extension') return printWithExtension(instId, job);
      if (method === 'server') return printOnServer(instId, job);
      return downloadPdf(instId, job);
    },
  });
}
