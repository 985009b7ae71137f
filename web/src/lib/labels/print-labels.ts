import { useMutation } from '@tanstack/react-query';
import { notifications } from '@mantine/notifications';
import type { LabelJob } from '@contract/labels.contract';
import { labelEndpoints as e } from '@contract/labels.endpoints';
import { call, callFile } from '@/lib/api-client';
import { saveBlob } from '../download';
import { extensionTimeoutMs, sendToExtension } from './extension-print';
import { printerIpStore, printMethodStore, type PrintMethod } from './print-settings';
import { changes } from '@/lib/mutation-effects';

const done = (message: string) => notifications.show({ color: 'teal', message, autoClose: 4000 });
const fail = (message: string) => {
  notifications.show({ color: 'red', title: 'Error', message, autoClose: 5000 });
  return new Error(message);
};

/** spec 2 §7 Printing: one window message per label for the Zebra browser extension. */
async function printWithExtension(instId: number, job: LabelJob) {
  const ip = printerIpStore.get();
  if (!ip) throw fail('Set the Barcode Printer IP Address in Setting > Printer first.');
  const zpl = await (await callFile(e.zpl, { params: { instId }, body: job })).blob.text();
  const formats = zpl
    .split(/(?<=\^XZ)\n/)
    .map((f) => f.trim())
    .filter(Boolean);
  const url = `http://${ip}/pstprnt`;
  const { answered, failed } = await sendToExtension(formats, url);
  const labels = (n: number) => `${n} label${n === 1 ? '' : 's'}`;
  if (answered === 0) {
    throw fail(
      `No printer extension answered within ${extensionTimeoutMs / 1000} s: the labels may not have been printed. ` +
        'Install or enable the label printer extension in this browser (link in Setting > Printer), ' +
        'or choose the Server or PDF download print method there.',
    );
  }
  if (failed.length > 0) throw fail(`The printer extension could not print ${labels(failed.length)}: ${failed[0]}.`);
  if (answered < formats.length)
    throw fail(
      `The printer extension confirmed only ${answered} of ${labels(formats.length)}. Check the printer before printing again.`,
    );
  done(`Sent ${labels(formats.length)} to the printer extension for ${ip}.`);
}

async function printOnServer(instId: number, job: LabelJob) {
  const result = await call(e.print, { params: { instId }, body: job });
  done(`Printed ${result.labels} label${result.labels === 1 ? '' : 's'} on the printer at ${result.printer}.`);
}

export async function downloadPdf(instId: number, job: LabelJob, fileName = 'labels.pdf') {
  const { blob } = await callFile(e.pdf, { params: { instId }, body: job });
  saveBlob(blob, fileName);
  done(`Downloaded ${fileName}.`);
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
