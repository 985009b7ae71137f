import './support/page-globals';
import { readFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
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

/**
 * This machine's address on its network (not loopback, which can no longer be a printer: issue 26). The e2e
 * server runs on this machine, so a printer double listening there is a printer on the lab network to it.
 */
const lanAddress = Object.values(os.networkInterfaces())
  .flat()
  .find((a) => a && a.family === 'IPv4' && !a.internal)?.address;

/** A Zebra printer double on this machine's LAN address, on the port the e2e server may print to (PRINTER_PORTS). */
async function fakePrinter(port: number) {
  let received = '';
  const server = net.createServer((socket) => {
    socket.on('data', (d) => {
      received += d.toString('utf8');
    });
    socket.on('end', () => socket.end());
  });
  await new Promise<void>((r) => server.listen(port, lanAddress, r));
  return {
    ip: lanAddress!,
    port,
    received: () => received,
    close: () => new Promise((r) => server.close(r)),
  };
}

test.describe('labels', () => {
  test('labels: set the printer IP, generate 3 labels x 2 copies, preview them and download the PDF', async ({
    signedInPage: page,
    shot,
  }) => {
    await openPrinterSettings(page);
    await expect(
      page.getByRole('navigation', { name: 'Setting' }).getByRole('link', { name: 'Printer' }),
    ).toBeVisible();

    await setPrinter(page, '300.1.2.3');
    await see(page, 'Invalid IP address');
    await shot('setting-printer-invalid');
    // Addresses inside the server (loopback, link-local/cloud metadata, ...) are refused as the field's message.
    await setPrinter(page, '169.254.169.254');
    await see(page, 'This address cannot be a label printer');
    await shot('setting-printer-refused-address');
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

    // The PDF is held back until the busy (disabled) Print has dropped focus and the dialog has taken it (dialog.tsx).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/institutions/*/labels/pdf', async (route) => {
      await held;
      await route.continue();
    });
    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: 'Print' }).click();
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeDisabled();
    await expect(dialog).toBeFocused();
    release();
    const download = await downloading;
    await page.unroute('**/api/institutions/*/labels/pdf');
    expect(download.suggestedFilename()).toBe('labels.pdf');
    const text = (await readFile(await download.path())).toString('latin1');
    expect(text.startsWith('%PDF-'), 'the download is a PDF').toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g), 'six labels fit one page').toHaveLength(1);
    expect(text.match(/\/Subtype \/Image/g), 'one barcode image per label number').toHaveLength(3);
    await see(page, 'Downloaded labels.pdf.');
    // Print was disabled while busy; focus is back on it, inside the dialog, so Escape still reaches the dialog.
    await expect(dialog.getByRole('button', { name: 'Print' })).toBeFocused();

    await page.keyboard.press('Escape'); // the notifications sit over the close icon
    await expect(dialog).toBeHidden();
  });

  test('labels: the server prints on the configured printer, a stopped printer is reported, the extension gets one message per label', async ({
    signedInPage: page,
    shot,
    server,
  }) => {
    test.skip(!lanAddress, 'this machine has no non-loopback IPv4 address for the printer double');
    const printer = await fakePrinter(server.printerPort);
    try {
      await openPrinterSettings(page);
      // Only the ports the server's operator allows (PRINTER_PORTS): a database port is refused as the field's message.
      await setPrinter(page, printer.ip, 5432);
      await see(page, `This server prints only to ports 9100, ${printer.port} (its administrator sets PRINTER_PORTS).`);
      await setPrinter(page, printer.ip, printer.port);
      await see(page, 'IP Address have been updated');
      await page.getByRole('radio', { name: 'Server' }).check();
      await see(page, `The server prints on ${printer.ip}:${printer.port}.`);

      const dialog = await openGenerator(page, 'SRV-', 2, 1);
      await expect(dialog.getByLabel('Label SRV-2')).toBeVisible();
      await dialog.getByRole('button', { name: 'Print' }).click();
      await see(page, `Printed 2 labels on the printer at ${printer.ip}:${printer.port}.`);
      expect(printer.received()).toMatch(/\^FDSRV-1\^FS[\s\S]*\^FDSRV-2\^FS/);
      await shot('barcode-generator-server-printed');

      await printer.close();
      await dialog.getByRole('button', { name: 'Print' }).click();
      // One message for every failure (refused here), once the printer time limit is over.
      await see(page, `The printer at ${printer.ip}:${printer.port} did not answer or did not confirm the labels.`);
      await shot('barcode-generator-printer-error');
      await page.keyboard.press('Escape');
      await expect(dialog).toBeHidden();

      await page.evaluate(() => {
        const received: NonNullable<Window['zebra']> = [];
        window.zebra = received;
        // A fake extension that answers each label, as the print client now waits for (docs/labels.md).
        window.addEventListener('message', (e) => {
          const data = e.data as { type?: string; id?: string; zpl: string; url: string };
          if (data?.type !== 'zebra_print_label') return;
          received.push(data);
          window.postMessage({ type: 'zebra_print_label_ack', id: data.id, ok: true }, window.location.origin);
        });
      });
      await openPrinterSettings(page);
      await page.getByRole('radio', { name: 'Browser extension' }).check();
      const again = await openGenerator(page, 'EXT-', 2, 3);
      await expect(again.getByLabel('Label EXT-2')).toBeVisible();
      await again.getByRole('button', { name: 'Print' }).click();
      await see(page, `Sent 2 labels to the printer extension for ${printer.ip}.`);
      const messages = await page.evaluate(() => window.zebra ?? []);
      expect(messages).toHaveLength(2);
      expect(messages[0].url).toBe(`http://${printer.ip}/pstprnt`);
      expect(messages[1].zpl).toMatch(/^\^XA[\s\S]*\^FDEXT-2\^FS[\s\S]*\^PQ3,[\s\S]*\^XZ$/);
    } finally {
      await printer.close().catch(() => {});
    }
  });
});
