import { readFile } from 'node:fs/promises';
import net from 'node:net';
import type { Page } from 'playwright-core';
import { assert, see, signInAndPick, type E2ETest } from './harness';

async function openPrinterSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
  await page.waitForURL('**/setting/printer');
  await page.getByRole('heading', { name: 'Printer' }).waitFor();
}

async function setPrinter(page: Page, ip: string, port?: number) {
  await page.getByLabel('Barcode Printer IP Address').fill(ip);
  if (port !== undefined) await page.getByLabel('Port').fill(String(port));
  await page.getByRole('button', { name: 'Update' }).click();
}

async function openGenerator(page: Page, prefix: string, quantity: number, copies: number) {
  await page.getByRole('link', { name: 'Barcode Generator', exact: true }).click();
  await page.waitForURL('**/barcode-generator');
  const dialog = page.getByRole('dialog', { name: 'Barcode Generator' });
  await dialog.getByLabel('Prefix').fill(prefix);
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByLabel('Copies').fill(String(copies));
  return dialog;
}

/** A Zebra printer double listening on 127.0.0.1 (the e2e server runs on this machine). */
async function fakePrinter() {
  let received = '';
  const server = net.createServer((socket) => {
    socket.on('data', (d) => { received += d.toString('utf8'); });
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => received,
    close: () => new Promise((r) => server.close(r)),
  };
}

export const tests: E2ETest[] = [
  {
    name: 'labels: set the printer IP, generate 3 labels x 2 copies, preview them and download the PDF',
    run: async ({ page, admin, shot }) => {
      await signInAndPick(page, admin);
      await openPrinterSettings(page);
      await page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Printer' }).waitFor();

      await setPrinter(page, '300.1.2.3');
      await see(page, 'Invalid IP address');
      await shot('setting-printer-invalid');
      await setPrinter(page, '');
      await see(page, '*required');

      await setPrinter(page, '10.0.0.5');
      await see(page, 'IP Address have been updated');
      assert.equal(await page.evaluate(() => localStorage.getItem('barcodePrinterIP')), '10.0.0.5');
      await page.getByRole('radio', { name: 'Server' }).check();
      assert.equal(await page.evaluate(() => localStorage.getItem('lims.printMethod')), 'server');
      await page.getByRole('radio', { name: 'PDF download' }).check();
      assert.equal(await page.evaluate(() => localStorage.getItem('lims.printMethod')), 'pdf');
      await shot('setting-printer');

      await page.goto('/setting/inistitution');
      await page.getByRole('heading', { name: 'Institution' }).waitFor();
      await see(page, 'Central Biobank');
      await shot('setting-institution');

      const dialog = await openGenerator(page, 'E2E-', 3, 2);
      const previews = dialog.getByTestId('label-preview');
      await dialog.getByLabel('Label E2E-3').waitFor();
      assert.equal(await previews.count(), 3);
      await dialog.getByRole('img', { name: 'Barcode E2E-1' }).waitFor();
      await see(page, '3 labels x 2 copies = 6 printed');
      await shot('barcode-generator');

      await dialog.getByLabel('Quantity').fill('501');
      await see(page, 'At most 1000 labels per print (Quantity x Copies).');
      await shot('barcode-generator-bounds');
      await dialog.getByLabel('Quantity').fill('3');
      await dialog.getByLabel('Label E2E-3').waitFor();

      const [download] = await Promise.all([
        page.waitForEvent('download'),
        dialog.getByRole('button', { name: 'Print' }).click(),
      ]);
      assert.equal(download.suggestedFilename(), 'labels.pdf');
      const bytes = await readFile(await download.path());
      const text = bytes.toString('latin1');
      assert.ok(text.startsWith('%PDF-'), 'the download is a PDF');
      assert.equal(text.match(/\/Type \/Page\b(?!s)/g)?.length, 1, 'six labels fit one page');
      assert.equal(text.match(/\/Subtype \/Image/g)?.length, 3, 'one barcode image per label number');
      await see(page, 'Downloaded labels.pdf.');

      await page.keyboard.press('Escape'); // the notifications sit over the close icon
      await dialog.waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'labels: the server prints on the configured printer, a stopped printer is reported, the extension gets one message per label',
    run: async ({ page, admin, shot }) => {
      const printer = await fakePrinter();
      try {
        await signInAndPick(page, admin);
        await openPrinterSettings(page);
        await setPrinter(page, '127.0.0.1', printer.port);
        await see(page, 'IP Address have been updated');
        await page.getByRole('radio', { name: 'Server' }).check();
        await see(page, `The server prints on 127.0.0.1:${printer.port}.`);

        const dialog = await openGenerator(page, 'SRV-', 2, 1);
        await dialog.getByLabel('Label SRV-2').waitFor();
        await dialog.getByRole('button', { name: 'Print' }).click();
        await see(page, `Printed 2 labels on the printer at 127.0.0.1:${printer.port}.`);
        assert.match(printer.received(), /\^FDSRV-1\^FS[\s\S]*\^FDSRV-2\^FS/);
        await shot('barcode-generator-server-printed');

        await printer.close();
        await dialog.getByRole('button', { name: 'Print' }).click();
        await see(page, `The printer at 127.0.0.1:${printer.port} refused the connection`);
        await shot('barcode-generator-printer-error');
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'hidden' });

        await page.evaluate(() => {
          const w = window as unknown as { zebra: unknown[] };
          w.zebra = [];
          // A fake extension that answers each label, as the print client now waits for (docs/labels.md).
          window.addEventListener('message', (e) => {
            const data = e.data as { type?: string; id?: string };
            if (data?.type !== 'zebra_print_label') return;
            w.zebra.push(data);
            window.postMessage({ type: 'zebra_print_label_ack', id: data.id, ok: true }, window.location.origin);
          });
        });
        await openPrinterSettings(page);
        await page.getByRole('radio', { name: 'Browser extension' }).check();
        const again = await openGenerator(page, 'EXT-', 2, 3);
        await again.getByLabel('Label EXT-2').waitFor();
        await again.getByRole('button', { name: 'Print' }).click();
        await see(page, 'Sent 2 labels to the printer extension for 127.0.0.1.');
        const messages = await page.evaluate(() => (window as unknown as { zebra: { zpl: string; url: string }[] }).zebra);
        assert.equal(messages.length, 2);
        assert.equal(messages[0].url, 'http://127.0.0.1/pstprnt');
        assert.match(messages[1].zpl, /^\^XA[\s\S]*\^FDEXT-2\^FS[\s\S]*\^PQ3,[\s\S]*\^XZ$/);
      } finally {
        await printer.close().catch(() => {});
      }
    },
  },
];
