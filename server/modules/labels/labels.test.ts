import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { testApp, json, type TestApp } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';

const t = await testApp();
/** The same app with a printer time limit of 300 ms, so the timeout test does not wait the real 5 s. */
const quick = await testApp({ PRINTER_TIMEOUT_MS: '300' });
const printers: { server: net.Server; sockets: net.Socket[] }[] = [];
afterAll(async () => {
  for (const { server, sockets } of printers) {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
});

/** A Zebra printer double on 127.0.0.1: collects what it is sent; `silent` accepts and never reads or closes. */
async function fakePrinter(mode: 'printer' | 'silent' = 'printer') {
  const received: Buffer[] = [];
  const sockets: net.Socket[] = [];
  let done!: () => void;
  const finished = new Promise<void>((r) => { done = r; });
  const server = net.createServer((socket) => {
    sockets.push(socket);
    if (mode === 'silent') { socket.pause(); return; }
    socket.on('data', (d) => received.push(d));
    socket.on('end', () => { socket.end(); done(); });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  printers.push({ server, sockets });
  return { port: (server.address() as net.AddressInfo).port, received: () => Buffer.concat(received).toString('utf8'), finished };
}

/** A port on 127.0.0.1 nothing listens on. */
async function closedPort() {
  const s = net.createServer();
  await new Promise<void>((r) => s.listen(0, '127.0.0.1', r));
  const { port } = s.address() as net.AddressInfo;
  await new Promise((r) => s.close(r));
  return port;
}

const base = (instId: number) => `/api/institutions/${instId}/labels`;
const job = { generator: { prefix: 'LAB-', startIndex: 7, quantity: 3, copies: 2, date: '05-03-2025' } };

describe('label printer setting', () => {
  it('starts unset, is saved with the spec IP rule, read back, updated and audited', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    const none = await t.call('GET', `${base(institution.id)}/printer`, { token });
    expect(none.statusCode).toBe(200);
    expect(none.body).toBe('null');

    const created = await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { IpAddress: '10.0.0.5' } });
    expect(created.statusCode).toBe(200);
    expect(json(created)).toMatchObject({ ipAddress: '10.0.0.5', port: 9100 });

    const updated = await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress: '10.0.0.6', port: 6101, concurrencyStamp: json(created).concurrencyStamp } });
    expect(json(updated)).toMatchObject({ ipAddress: '10.0.0.6', port: 6101 });
    expect(json(await t.call('GET', `${base(institution.id)}/printer`, { token }))).toMatchObject({ ipAddress: '10.0.0.6', port: 6101 });

    const stale = await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress: '10.0.0.7', concurrencyStamp: json(created).concurrencyStamp } });
    expect(stale.statusCode).toBe(409);

    const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.institutionId, institution.id), eq(auditEvents.entity, 'labelPrinter')));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update']);
  });

  it('validates the IP address with the spec messages', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    for (const [body, message] of [[{}, '*required'], [{ ipAddress: '' }, '*required'], [{ ipAddress: '256.1.1.1' }, 'Invalid IP address'],
      [{ ipAddress: '10.0.0' }, 'Invalid IP address'], [{ ipAddress: 'printer.lab' }, 'Invalid IP address']] as const) {
      const res = await t.call('PUT', `${base(institution.id)}/printer`, { token, body });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual({ ipAddress: [message] });
    }
    const port = await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress: '10.0.0.5', port: 70000 } });
    expect(json(port).errors).toEqual({ port: ['Port must be 1 to 65535'] });
  });

  it('a Researcher cannot change the printer nor print; a Technician prints but cannot configure', async () => {
    const { institution, token } = await signedIn(t, ['Researcher']);
    expect((await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress: '10.0.0.5' } })).statusCode).toBe(403);
    expect((await t.call('POST', `${base(institution.id)}/zpl`, { token, body: job })).statusCode).toBe(403);
    const tech = await signedIn(t, ['Technician'], institution);
    expect((await t.call('PUT', `${base(institution.id)}/printer`, { token: tech.token, body: { ipAddress: '10.0.0.5' } })).statusCode).toBe(403);
    expect((await t.call('GET', `${base(institution.id)}/printer`, { token: tech.token })).statusCode).toBe(200);
    expect((await t.call('POST', `${base(institution.id)}/zpl`, { token: tech.token, body: job })).statusCode).toBe(200);
  });

  it("another institution's labels and printer answer 404; no token is 401", async () => {
    const { token } = await signedIn(t, ['Institution Administrator']);
    const other = await createInstitution(t);
    expect((await t.call('GET', `${base(other.id)}/printer`, { token })).statusCode).toBe(404);
    expect((await t.call('PUT', `${base(other.id)}/printer`, { token, body: { ipAddress: '10.0.0.5' } })).statusCode).toBe(404);
    expect((await t.call('POST', `${base(other.id)}/print`, { token, body: job })).statusCode).toBe(404);
    expect((await t.call('POST', `${base(other.id)}/pdf`, { token, body: job })).statusCode).toBe(404);
    expect((await t.call('GET', `${base(other.id)}/printer`)).statusCode).toBe(401);
  });
});

describe('ZPL and PDF', () => {
  it('the generator gives prefix + running number, each label with its copies', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/zpl`, { token, body: job });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain/);
    const zpl = res.body;
    expect(zpl.match(/\^XA/g)).toHaveLength(3);
    for (const id of ['LAB-7', 'LAB-8', 'LAB-9']) expect(zpl).toContain(`^FD${id}^FS`);
    expect(zpl.match(/\^PQ2,/g)).toHaveLength(3);
    expect(zpl).toContain('^FD05-03-2025^FS');
  });

  it('explicit order labels are accepted with case-insensitive keys', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/ZPL`, { token, body: { Labels: [{ SampleId: 'ORD-1', PatientName: 'Abebe Kebede', Mrn: 'M-9' }] } });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('^FDAbebe Kebede^FS');
    expect(res.body).toContain('^FDMRN: M-9^FS');
  });

  it('more than 1000 labels (Quantity x Copies) is refused with a clear message', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/pdf`, { token, body: { generator: { quantity: 501, copies: 2 } } });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ 'generator.quantity': ['At most 1000 labels per print (Quantity x Copies).'] });
    const empty = await t.call('POST', `${base(institution.id)}/zpl`, { token, body: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('the PDF is a download with one page per 24 labels and barcode images', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/pdf`, { token, body: { generator: { prefix: 'P', quantity: 13, copies: 2 } } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="labels.pdf"');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(13);
  });
});

describe('server-side printing', () => {
  async function withPrinter(port: number, app: TestApp = t) {
    const admin = await signedIn(app, ['Institution Administrator']);
    const res = await app.call('PUT', `${base(admin.institution.id)}/printer`, { token: admin.token, body: { ipAddress: '127.0.0.1', port } });
    expect(res.statusCode).toBe(200);
    return admin;
  }

  it('the configured printer receives exactly the ZPL, and the print is audited', async () => {
    const printer = await fakePrinter();
    const { institution, token } = await withPrinter(printer.port);
    const expected = (await t.call('POST', `${base(institution.id)}/zpl`, { token, body: job })).body;
    const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: job });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ printer: `127.0.0.1:${printer.port}`, labels: 6, bytes: Buffer.byteLength(expected) });
    await printer.finished;
    expect(printer.received()).toBe(expected);
    const rows = await t.db.select().from(auditEvents).where(and(eq(auditEvents.institutionId, institution.id), eq(auditEvents.action, 'print')));
    expect(rows).toHaveLength(1);
  });

  it('prints only to the configured printer: an address in the request is ignored', async () => {
    const printer = await fakePrinter();
    const { institution, token } = await withPrinter(printer.port);
    const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: { ...job, ipAddress: '10.255.255.1', port: 22 } });
    expect(res.statusCode).toBe(200);
    expect(json(res).printer).toBe(`127.0.0.1:${printer.port}`);
  });

  it('without a configured printer the print is refused with a clear title', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: job });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({ code: 'labels.printer_not_configured', title: 'No label printer is configured for this institution. Set its IP address in Setting > Printer.' });
  });

  it('a printer that refuses the connection gives a 502 at once', async () => {
    const port = await closedPort();
    const { institution, token } = await withPrinter(port);
    const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: job });
    expect(res.statusCode).toBe(502);
    expect(json(res).code).toBe('labels.printer_unreachable');
    expect(json(res).title).toBe(`The printer at 127.0.0.1:${port} refused the connection. Check that it is switched on and that the address and port are right.`);
  });

  it('a printer that accepts but never takes the job times out after PRINTER_TIMEOUT_MS (504)', async () => {
    const printer = await fakePrinter('silent');
    const { institution, token } = await withPrinter(printer.port, quick);
    const res = await quick.call('POST', `${base(institution.id)}/print`, { token, body: job });
    expect(res.statusCode).toBe(504);
    expect(json(res).code).toBe('labels.printer_timeout');
    expect(json(res).title).toBe(`The printer at 127.0.0.1:${printer.port} did not confirm the labels. Check the printer before printing again.`);
  });
});
