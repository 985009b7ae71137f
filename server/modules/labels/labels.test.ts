import net from 'node:net';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { auditEvents } from '../../platform/audit.table';
import { labelPrinters } from './labels.table';
import { testApp, json, type TestApp } from '../../test/harness';
import { createInstitution, signedIn } from '../../test/factories';

/** The operator allows a second printer port here (PRINTER_PORTS); `quick` keeps the default (9100 only). */
const t = await testApp({ PRINTER_PORTS: '9100,6101' });
/** The same app with printer time limits of 200/300 ms, so the failure tests do not wait the real 3/5 s. */
const PRINTER_TIMEOUT_MS = 300;
const quick = await testApp({ PRINTER_TIMEOUT_MS: String(PRINTER_TIMEOUT_MS), PRINTER_CONNECT_TIMEOUT_MS: '200' });

/**
 * The lab network, simulated: loopback addresses can no longer be a printer, so the tests configure
 * LAN addresses (10.26.x.y:9100) and this double routes the server's connection to a local fake printer
 * (or fails it as an unreachable host would). The server's own address checks run before it, unchanged.
 */
const routes = new Map<string, number | 'unreachable'>();
const connects: string[] = [];
const realConnect = net.createConnection;
// Restored when the file ends: the next file in this Vitest worker shares the module (vitest.config.ts isolate).
const network = vi.spyOn(net, 'createConnection').mockImplementation(((opts: net.TcpNetConnectOpts) => {
  const at = `${opts.host}:${opts.port}`;
  connects.push(at);
  const to = routes.get(at);
  if (to === undefined) throw new Error(`test network: no route to ${at}`);
  if (to === 'unreachable') {
    const socket = new net.Socket();
    process.nextTick(() =>
      socket.emit('error', Object.assign(new Error(`connect EHOSTUNREACH ${at}`), { code: 'EHOSTUNREACH' })),
    );
    return socket;
  }
  return realConnect({ host: '127.0.0.1', port: to });
}) as typeof net.createConnection);
afterAll(() => network.mockRestore());
let lanHost = 0;
/** A fresh LAN address for a printer, routed to `target`. */
function lanPrinter(target: number | 'unreachable', port = 9100) {
  lanHost += 1;
  const ipAddress = `10.26.${Math.floor(lanHost / 250)}.${(lanHost % 250) + 1}`;
  routes.set(`${ipAddress}:${port}`, target);
  return { ipAddress, port };
}
const printers: { server: net.Server; sockets: net.Socket[] }[] = [];
afterAll(async () => {
  for (const { server, sockets } of printers) {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  }
});

/**
 * A Zebra printer double on 127.0.0.1: collects what it is sent; `silent` accepts and never reads or closes;
 * `reset` accepts and resets the connection at once.
 */
async function fakePrinter(mode: 'printer' | 'silent' | 'reset' = 'printer') {
  const received: Buffer[] = [];
  const sockets: net.Socket[] = [];
  let done!: () => void;
  const finished = new Promise<void>((r) => {
    done = r;
  });
  const server = net.createServer((socket) => {
    sockets.push(socket);
    if (mode === 'silent') {
      socket.pause();
      return;
    }
    if (mode === 'reset') {
      socket.resetAndDestroy();
      return;
    }
    socket.on('data', (d) => received.push(d));
    socket.on('end', () => {
      socket.end();
      done();
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  printers.push({ server, sockets });
  return {
    port: (server.address() as net.AddressInfo).port,
    received: () => Buffer.concat(received).toString('utf8'),
    finished,
  };
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

    const updated = await t.call('PUT', `${base(institution.id)}/printer`, {
      token,
      body: { ipAddress: '10.0.0.6', port: 6101, concurrencyStamp: json(created).concurrencyStamp },
    });
    expect(json(updated)).toMatchObject({ ipAddress: '10.0.0.6', port: 6101 });
    expect(json(await t.call('GET', `${base(institution.id)}/printer`, { token }))).toMatchObject({
      ipAddress: '10.0.0.6',
      port: 6101,
    });

    const stale = await t.call('PUT', `${base(institution.id)}/printer`, {
      token,
      body: { ipAddress: '10.0.0.7', concurrencyStamp: json(created).concurrencyStamp },
    });
    expect(stale.statusCode).toBe(409);

    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.institutionId, institution.id), eq(auditEvents.entity, 'labelPrinter')));
    expect(rows.map((r) => r.action).sort()).toEqual(['create', 'update']);
  });

  it('validates the IP address with the spec messages', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    for (const [body, message] of [
      [{}, '*required'],
      [{ ipAddress: '' }, '*required'],
      [{ ipAddress: '256.1.1.1' }, 'Invalid IP address'],
      [{ ipAddress: '10.0.0' }, 'Invalid IP address'],
      [{ ipAddress: 'printer.lab' }, 'Invalid IP address'],
    ] as const) {
      const res = await t.call('PUT', `${base(institution.id)}/printer`, { token, body });
      expect(res.statusCode).toBe(400);
      expect(json(res).errors).toEqual({ ipAddress: [message] });
    }
    const port = await t.call('PUT', `${base(institution.id)}/printer`, {
      token,
      body: { ipAddress: '10.0.0.5', port: 70000 },
    });
    expect(json(port).errors).toEqual({ port: ['Port must be 1 to 65535'] });
  });

  it('a Researcher cannot change the printer nor print; a Technician prints but cannot configure', async () => {
    const { institution, token } = await signedIn(t, ['Researcher']);
    expect(
      (await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress: '10.0.0.5' } })).statusCode,
    ).toBe(403);
    expect((await t.call('POST', `${base(institution.id)}/zpl`, { token, body: job })).statusCode).toBe(403);
    const tech = await signedIn(t, ['Technician'], institution);
    expect(
      (await t.call('PUT', `${base(institution.id)}/printer`, { token: tech.token, body: { ipAddress: '10.0.0.5' } }))
        .statusCode,
    ).toBe(403);
    expect((await t.call('GET', `${base(institution.id)}/printer`, { token: tech.token })).statusCode).toBe(200);
    expect((await t.call('POST', `${base(institution.id)}/zpl`, { token: tech.token, body: job })).statusCode).toBe(
      200,
    );
  });

  it("another institution's labels and printer answer 404; no token is 401", async () => {
    const { token } = await signedIn(t, ['Institution Administrator']);
    const other = await createInstitution(t);
    expect((await t.call('GET', `${base(other.id)}/printer`, { token })).statusCode).toBe(404);
    expect(
      (await t.call('PUT', `${base(other.id)}/printer`, { token, body: { ipAddress: '10.0.0.5' } })).statusCode,
    ).toBe(404);
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
    const res = await t.call('POST', `${base(institution.id)}/ZPL`, {
      token,
      body: { Labels: [{ SampleId: 'ORD-1', PatientName: 'Abebe Kebede', Mrn: 'M-9' }] },
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('^FDAbebe Kebede^FS');
    expect(res.body).toContain('^FDMRN: M-9^FS');
  });

  it('more than 1000 labels (Quantity x Copies) is refused with a clear message', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/pdf`, {
      token,
      body: { generator: { quantity: 501, copies: 2 } },
    });
    expect(res.statusCode).toBe(400);
    expect(json(res).errors).toEqual({ 'generator.quantity': ['At most 1000 labels per print (Quantity x Copies).'] });
    const empty = await t.call('POST', `${base(institution.id)}/zpl`, { token, body: {} });
    expect(empty.statusCode).toBe(400);
  });

  it('the PDF is a download with one page per 24 labels and barcode images', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/pdf`, {
      token,
      body: { generator: { prefix: 'P', quantity: 13, copies: 2 } },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('attachment; filename="labels.pdf"');
    const text = res.rawPayload.toString('latin1');
    expect(text.startsWith('%PDF-')).toBe(true);
    expect(text.match(/\/Type \/Page\b(?!s)/g)).toHaveLength(2);
    expect(text.match(/\/Subtype \/Image/g)).toHaveLength(13);
  });
});

/** An administrator whose institution's printer is a LAN address routed to `target`. */
async function withPrinter(target: number | 'unreachable', app: TestApp = t) {
  const admin = await signedIn(app, ['Institution Administrator']);
  const printer = lanPrinter(target);
  const res = await app.call('PUT', `${base(admin.institution.id)}/printer`, { token: admin.token, body: printer });
  expect(res.statusCode).toBe(200);
  return { ...admin, at: `${printer.ipAddress}:${printer.port}` };
}

describe('server-side printing', () => {
  it('the configured printer receives exactly the ZPL, and the print is audited', async () => {
    const printer = await fakePrinter();
    const { institution, token, at } = await withPrinter(printer.port);
    const expected = (await t.call('POST', `${base(institution.id)}/zpl`, { token, body: job })).body;
    const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: job });
    expect(res.statusCode).toBe(200);
    expect(json(res)).toEqual({ printer: at, labels: 6, bytes: Buffer.byteLength(expected) });
    await printer.finished;
    expect(printer.received()).toBe(expected);
    const rows = await t.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.institutionId, institution.id), eq(auditEvents.action, 'print')));
    expect(rows).toHaveLength(1);
  });

  it('prints only to the configured printer: an address in the request is ignored', async () => {
    const printer = await fakePrinter();
    const { institution, token, at } = await withPrinter(printer.port);
    const res = await t.call('POST', `${base(institution.id)}/print`, {
      token,
      body: { ...job, ipAddress: '10.255.255.1', port: 22 },
    });
    expect(res.statusCode).toBe(200);
    expect(json(res).printer).toBe(at);
  });

  it('without a configured printer the print is refused with a clear title', async () => {
    const { institution, token } = await signedIn(t, ['Technician']);
    const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: job });
    expect(res.statusCode).toBe(409);
    expect(json(res)).toMatchObject({
      code: 'labels.printer_not_configured',
      title: 'No label printer is configured for this institution. Set its IP address in Setting > Printer.',
    });
  });
});

describe("the printer setting cannot reach inside the server's network (issue 26 item 8)", () => {
  const addressMessage =
    "This address cannot be a label printer (loopback, link-local, multicast, broadcast and 0.x addresses are refused). Use the printer's address on the lab network.";

  it('refuses loopback, link-local, unspecified, multicast and broadcast addresses with a field message', async () => {
    const { institution, token } = await signedIn(t, ['Institution Administrator']);
    for (const ipAddress of [
      '127.0.0.1',
      '127.1.2.3',
      '169.254.169.254',
      '0.0.0.0',
      '224.0.0.251',
      '239.1.1.1',
      '255.255.255.255',
      '240.0.0.1',
    ]) {
      const res = await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress, port: 9100 } });
      expect(res.statusCode, ipAddress).toBe(400);
      expect(json(res).errors, ipAddress).toEqual({ ipAddress: [addressMessage] });
    }
    expect(json(await t.call('GET', `${base(institution.id)}/printer`, { token }))).toBeNull();
  });

  it('private LAN ranges stay allowed', async () => {
    for (const ipAddress of ['10.1.2.3', '172.16.0.9', '172.31.200.1', '192.168.1.50']) {
      const { institution, token } = await signedIn(t, ['Institution Administrator']);
      const res = await t.call('PUT', `${base(institution.id)}/printer`, { token, body: { ipAddress } });
      expect(res.statusCode, ipAddress).toBe(200);
    }
  });

  it('allows only printer ports: 9100 by default, others only through PRINTER_PORTS', async () => {
    const { institution, token } = await signedIn(quick, ['Institution Administrator']);
    for (const port of [22, 80, 5432, 6379, 6101, 9101, 1, 65535]) {
      const res = await quick.call('PUT', `${base(institution.id)}/printer`, {
        token,
        body: { ipAddress: '10.0.0.5', port },
      });
      expect(res.statusCode, String(port)).toBe(400);
      expect(json(res).errors, String(port)).toEqual({
        port: ['This server prints only to port 9100 (its administrator sets PRINTER_PORTS).'],
      });
    }
    expect(
      (
        await quick.call('PUT', `${base(institution.id)}/printer`, {
          token,
          body: { ipAddress: '10.0.0.5', port: 9100 },
        })
      ).statusCode,
    ).toBe(200);
    const other = await signedIn(t, ['Institution Administrator']);
    expect(
      (
        await t.call('PUT', `${base(other.institution.id)}/printer`, {
          token: other.token,
          body: { ipAddress: '10.0.0.5', port: 6101 },
        })
      ).statusCode,
    ).toBe(200);
    const refused = await t.call('PUT', `${base(other.institution.id)}/printer`, {
      token: other.token,
      body: { ipAddress: '10.0.0.5', port: 5432 },
    });
    expect(json(refused).errors).toEqual({
      port: ['This server prints only to ports 9100, 6101 (its administrator sets PRINTER_PORTS).'],
    });
  });

  it('a setting saved before the rule is refused again at connect time, without connecting', async () => {
    for (const [ipAddress, port] of [
      ['127.0.0.1', 5432],
      ['169.254.169.254', 9100],
      ['0.0.0.0', 9100],
      ['10.0.0.5', 22],
    ] as const) {
      const { institution, token } = await signedIn(t, ['Institution Administrator']);
      await t.db.insert(labelPrinters).values({ institutionId: institution.id, ipAddress, port });
      const before = connects.length;
      const res = await t.call('POST', `${base(institution.id)}/print`, { token, body: job });
      expect(res.statusCode, `${ipAddress}:${port}`).toBe(409);
      expect(json(res)).toMatchObject({ code: 'labels.printer_not_allowed' });
      expect(json(res).title).toMatch(/Setting > Printer/);
      expect(connects.length, 'no connection is attempted').toBe(before);
    }
  });

  it('refused, timed out, reset and unreachable all answer the same 502 with one message, after the same time', async () => {
    const silent = await fakePrinter('silent');
    const reset = await fakePrinter('reset');
    const kinds = {
      refused: await closedPort(),
      timeout: silent.port,
      reset: reset.port,
      unreachable: 'unreachable' as const,
    };
    const answers: Record<string, unknown>[] = [];
    for (const [kind, target] of Object.entries(kinds)) {
      const { institution, token, at } = await withPrinter(target, quick);
      const started = performance.now();
      const res = await quick.call('POST', `${base(institution.id)}/print`, { token, body: job });
      const took = performance.now() - started;
      expect(res.statusCode, kind).toBe(502);
      const { traceId: _trace, ...body } = json(res);
      expect(body.title, kind).toBe(
        `The printer at ${at} did not answer or did not confirm the labels. Check that it is switched on and on the network, and look for printed labels before printing again.`,
      );
      answers.push({ ...body, title: String(body.title).replace(at, '<printer>') });
      expect(took, `${kind} answers only when the time limit is over`).toBeGreaterThanOrEqual(PRINTER_TIMEOUT_MS - 5);
    }
    expect(new Set(answers.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(answers[0]).toMatchObject({ status: 502, code: 'labels.printer_unreachable' });
  });
});
