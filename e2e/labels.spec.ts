import { readFile } from 'node:fs/promises';
import net from 'node:net';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { see } from './support/ui';

async function openPrinterSettings(page: Page) {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Setting' }).click();
  await expect(page.getByRole('heading', { name: 'Printer', level: 1 })).toBeVisible();
}

async function setPrinter(page: Page, ip: string, port?: number) {
  await page.getByLabel('Barcode Printer IP Address').fill(ip);
  if (port !== undefined) await page.getByLabel('Port').fill(String(port));
  await page.getByRole('button', { name: 'Update' }).click();
}

async function openGenerator(page: Page, prefix: string, quantity: number, copies: number) {
  await page.getByRole('link', { name: 'Barcode Generator', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'Barcode Generator' });
  await dialog.getByLabel('Prefix').fill(prefix);
  await dialog.getByLabel('Quantity').fill(String(quantity));
  await dialog.getByLabel('Copies').fill(String(copies));
  return dialog;
}

const stored = (page: Page, key: string) => page.evaluate((k) => localStorage.getItem(k), key);

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

test.describe('labels', () => {
  test('labels: set the printer IP, generate 3 labels x 2 copies, preview them and download the PDF', async ({ signedInPage: page, shot }) => {
    await openPrinterSettings(page);
    await expect(page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Printer' })).toBeVisible();

    await setPrinter(page, '300.1.2.3');
    await see(page, 'Invalid IP address');
    await shot('setting-printer-invalid');
    await setPrinter(page, '');
    await see(page, '*required');

    await setPrinter(page, '10.0.0.5');
    await see(page, 'IP Address have been updated');
    expect(await stored(page, 'barcodePrinterIP')).toBe('10.0.0.5');
    await page.getByRole('radio', { name: 'Server' }).check();
    await expect.poll(() => stored(page, 'lims.printMethod')).toBe('server');
    await page.getByRole('radio', { name: 'PDF download' }).check();
    await expect.poll(() => stored(page, 'lims.printMethod')).toBe('pdf');
    await shot('setting-printer');

    await page.goto('/setting/inistitution');
    await expect(page.getByRole('heading', { name: 'Institution' })).toBeVisible();
    await see(page, 'Central Biobank');
    await shot('setting-institution');

    const dialog = await openGenerator(page, 'E2E-', 3, 2);
    await expect(dialog.getByLabel('Label E2E-3')).toBeVisible();
    await expect(dialog.getByTestId('label-preview')).toHaveCount(3);
    await expect(dialog.getByRole('img', { name: 'Barcode E2E-1' })).toBeVisible();
    await see(page, '3 labels x 2 copies = 6 printed');
    await shot('barcode-generator');

    await dialog.getByLabel('Quantity').fill('501');
    await see(page, 'At most 1000 labels per print (Quantity x Copies).');
    await shot('barcode-generator-bounds');
    await dialog.getByLabel('Quantity').fill('3');
    await expect(dialog.getByLabel('Label E2E-3')).toBeVisible();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByRole('button', { name: 'Print' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('labels.pdf');
    const text = (await readFile(await download.path())).toString('latin1');
    expect(text.startsWith('%PDF-'), 'the download is a PDF').toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g), 'six labels fit one page').toHaveLength(1);
    expect(text.match(/\/Subtype \/Image/g), 'one barcode image per label number').toHaveLength(3);
    await see(page, 'Downloaded labels.pdf.');

    await page.keyboard.press('Escape'); // the notifications sit over the close icon
    await expect(dialog).toBeHidden();
  });

  test('labels: the server prints on the configured printer, a stopped printer is reported, the extension gets one message per label', async ({ signedInPage: page, shot }) => {
    const printer = await fakePrinter();
    try {
      await openPrinterSettings(page);
      await setPrinter(page, '127.0.0.1', printer.port);
      await see(page, 'IP Address have been updated');
      await page.getByRole('radio', { name: 'Server' }).check();
      await see(page, `The server prints on 127.0.0.1:${printer.port}.`);

      const dialog = await openGenerator(page, 'SRV-', 2, 1);
      await expect(dialog.getByLabel('Label SRV-2')).toBeVisible();
      await dialog.getByRole('button', { name: 'Print' }).click();
      await see(page, `Printed 2 labels on the printer at 127.0.0.1:${printer.port}.`);
      expect(printer.received()).toMatch(/\^FDSRV-1\^FS[\s\S]*\^FDSRV-2\^FS/);
      await shot('barcode-generator-server-printed');

      await printer.close();
      await dialog.getByRole('button', { name: 'Print' }).click();
      await see(page, `The printer at 127.0.0.1:${printer.port} refused the connection`);
      await shot('barcode-generator-printer-error');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.evaluate(() => {
        const w = window as unknown as { zebra: unknown[] };
        w.zebra = [];
        window.addEventListener('message', (e) => { if ((e.data as { type?: string })?.type === 'zebra_print_label') w.zebra.push(e.data); });
      });
      await openPrinterSettings(page);
      await page.getByRole('radio', { name: 'Browser extension' }).check();
      const again = await openGenerator(page, 'EXT-', 2, 3);
      await expect(again.getByLabel('Label EXT-2')).toBeVisible();
      await again.getByRole('button', { name: 'Print' }).click();
      await see(page, 'Sent 2 labels to the printer extension for 127.0.0.1.');
      const messages = await page.evaluate(() => (window as unknown as { zebra: { zpl: string; url: string }[] }).zebra);
      expect(messages).toHaveLength(2);
      expect(messages[0].url).toBe('http://127.0.0.1/pstprnt');
      expect(messages[1].zpl).toMatch(/^\^XA[\s\S]*\^FDEXT-2\^FS[\s\S]*\^PQ3,[\s\S]*\^XZ$/);
    } finally {
      await printer.close().catch(() => {});
    }
  });
});
