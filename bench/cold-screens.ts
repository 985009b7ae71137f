// Cold deep-link loads of four list screens (issue 28 item 11): the real server with the built web app
// (as e2e starts it), seeded through the API, and Chromium with a fresh context per load (empty HTTP cache,
// token and institution already stored, as after an earlier visit). Prints per screen the time to the
// first row (median of BENCH_RUNS loads) and the request waterfall of the last load: when each request
// started and ended, relative to navigation start, and its size.
//   npm run build && node --import tsx bench/cold-screens.ts
// BENCH_BASELINE_DIST=<another build's web/dist> starts a second server on that build (same seed) and
// alternates the two load by load (A B A B), so both see the same machine load.
import os from 'node:os';
import { chromium, type Browser, type Page } from '@playwright/test';
import { startServer } from '../e2e/server-process';
import { apiHelpers, centralBiobank, registerParticipant, unique } from '../e2e/support/data';
import { collectingProtocol } from '../e2e/support/protocols';

const RUNS = Number(process.env.BENCH_RUNS ?? 5);
/** BENCH_RTT=<ms>: Chromium adds this round-trip latency to every request (a site's network rather than localhost). */
const RTT = Number(process.env.BENCH_RTT ?? 0);

/**
 * The first row of each screen's list (the table body, or the sample tree's rows); not the table's own empty row,
 * which it shows while the list loads (that matched first before 2026-11-30, so earlier first-row times of table
 * screens may be early).
 */
export const FIRST_ROW =
  'main table tbody tr:not(.mantine-datatable-empty-row), main [role="group"][aria-label^="Sample "]';

interface Req {
  url: string;
  start: number;
  end: number;
  bytes: number;
  kind: string;
}

async function seed(baseUrl: string, admin: { email: string; password: string }) {
  const b = await centralBiobank(apiHelpers(baseUrl), admin);
  const s = await collectingProtocol(b);
  const base = `collectionProtocols/${s.protocol.id}`;
  const site = (await b.list('institutionSites')).find((r) => r.title === s.site)!;
  const patients = [];
  for (let i = 0; i < 12; i++)
    patients.push(await registerParticipant(b, { mrn: `CB${unique()}`, firstName: 'Almaz', fatherName: `Cold${i}` }));
  await b.call('POST', `${base}/collectionProtocolParticipants`, { patientIds: patients.map((p) => p.id) });
  for (let i = 0; i < 12; i++) {
    await b.call('POST', `${base}/collectedSamples`, {
      sampleId: `COLD-${i}-${s.u}`.toUpperCase(),
      patientId: s.patient.id,
      institutionSiteId: site.id,
      collectionProtocolEventId: s.event.id,
      specimenTypeId: s.blood,
      collectedAmount: 6,
      unitOfMeasurementId: s.ml,
      collectedDate: new Date().toISOString().slice(0, 10),
      collectedTime: '09:00',
    });
  }
  return { b, protocolId: s.protocol.id };
}

/** One cold load of `path`: ms from navigation start to the first row, and the requests made until then. */
async function coldLoad(browser: Browser, baseUrl: string, path: string, token: string, instId: number) {
  const context = await browser.newContext({ baseURL: baseUrl, viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([t, i, sel]) => {
      localStorage.setItem('lims.token', t);
      localStorage.setItem('lims.institutionId', String(i));
      // The moment the first row is in the DOM, by the page's own clock (no polling delay of the test runner).
      new MutationObserver((_m, obs) => {
        if (document.querySelector(sel)) {
          (window as unknown as { firstRowAt: number }).firstRowAt = performance.now();
          obs.disconnect();
        }
      }).observe(document, { childList: true, subtree: true });
    },
    [token, instId, FIRST_ROW] as const,
  );
  const page: Page = await context.newPage();
  if (RTT > 0) {
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: RTT,
      downloadThroughput: -1,
      uploadThroughput: -1,
    });
  }
  const reqs: Req[] = [];
  page.on(
    'requestfinished',
    (r) =>
      void (async () => {
        const t = r.timing();
        const sizes = await r.sizes().catch(() => ({ responseBodySize: 0 }));
        reqs.push({
          url: r.url().replace(baseUrl, ''),
          start: t.startTime,
          end: t.startTime + t.responseEnd,
          bytes: sizes.responseBodySize,
          kind: r.resourceType(),
        });
      })(),
  );
  await page.goto(path);
  await page.locator(FIRST_ROW).first().waitFor({ state: 'visible', timeout: 30_000 });
  const { firstRowAt, navStart } = await page.evaluate(() => ({
    firstRowAt: (window as unknown as { firstRowAt: number }).firstRowAt,
    navStart: performance.timeOrigin,
  }));
  await context.close();
  const waterfall = reqs
    .filter((r) => r.start - navStart <= firstRowAt)
    .map((r) => ({ ...r, start: r.start - navStart, end: r.end - navStart }))
    .sort((a, b) => a.start - b.start);
  return { firstRowAt, waterfall };
}

/** Sequential depth: how many requests each started only after an earlier one ended (the longest chain). */
function chainDepth(w: Req[]) {
  const depth: number[] = [];
  w.forEach((r, i) => {
    const before = w.slice(0, i).map((p, j) => (p.end <= r.start + 1 ? depth[j] : 0));
    depth.push(1 + Math.max(0, ...before));
  });
  return Math.max(0, ...depth);
}

interface Target {
  label: string;
  baseUrl: string;
  token: string;
  instId: number;
  protocolId: number;
  stop: () => Promise<void>;
}

async function target(label: string, dist: string | undefined): Promise<Target> {
  if (dist) process.env.WEB_DIST = dist;
  else delete process.env.WEB_DIST;
  const server = await startServer();
  const { b, protocolId } = await seed(server.baseUrl, server.admin);
  return { label, baseUrl: server.baseUrl, token: b.token, instId: b.instId, protocolId, stop: server.stop };
}

async function main() {
  const baseline = process.env.BENCH_BASELINE_DIST;
  const targets: Target[] = [];
  let browser: Browser | null = null;
  try {
    // Inside the try: a baseline that fails to start still stops the server started before it.
    targets.push(await target('this build', undefined));
    if (baseline) targets.push(await target('baseline', baseline));
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox', '--disable-gpu'],
    });
    const screens: [string, (p: number) => string][] = [
      ['protocol Collected Samples', (p) => `/collection-protocols/${p}/collected-samples`],
      ['/patients', () => '/patients'],
      ['audit log', () => '/setting/audit-log'],
      ['protocol participants', (p) => `/collection-protocols/${p}/participants`],
    ];
    const b = browser;
    const load = (t: Target, path: (p: number) => string) =>
      coldLoad(b, t.baseUrl, path(t.protocolId), t.token, t.instId);
    // One warm-up load per screen so the server's first-request costs (JIT, PGlite caches) are not in the figures.
    for (const t of targets) for (const [, path] of screens) await load(t, path);
    const rows: string[] = [];
    const loads: number[] = [];
    for (const [name, path] of screens) {
      const times = new Map(targets.map((t) => [t, [] as number[]]));
      const last = new Map<Target, Awaited<ReturnType<typeof coldLoad>>>();
      for (let i = 0; i < RUNS; i++) {
        for (const t of targets) {
          const r = await load(t, path);
          times.get(t)!.push(r.firstRowAt);
          last.set(t, r);
        }
        loads.push(os.loadavg()[0]);
      }
      for (const t of targets) {
        const ts = times.get(t)!.sort((x, y) => x - y);
        const median = ts[Math.floor(ts.length / 2)];
        const w = last.get(t)!.waterfall;
        const js = w.filter((r) => r.kind === 'script');
        rows.push(
          `| ${name} | ${t.label} | ${Math.round(median)} | ${Math.round(ts[0])}-${Math.round(ts[ts.length - 1])} | ${w.length} | ${chainDepth(w)} | ${js.length} / ${Math.round(js.reduce((n, r) => n + r.bytes, 0) / 1024)} kB |`,
        );
        console.log(`\n${name} (${path(t.protocolId)}), ${t.label}: first row ${ts.map(Math.round).join(', ')} ms`);
        for (const r of w)
          console.log(
            `  ${r.start.toFixed(0).padStart(5)} → ${r.end.toFixed(0).padStart(5)} ms ${String(Math.round(r.bytes / 1024)).padStart(4)} kB  ${r.url.slice(0, 110)}`,
          );
      }
    }
    console.log(
      `\n${RUNS} cold loads per screen and build, added round trip ${RTT} ms; 1-minute load average during the runs ${Math.min(...loads).toFixed(1)}-${Math.max(...loads).toFixed(1)}\n`,
    );
    console.log(
      '| screen | build | first row, median ms | range ms | requests before it | sequential depth | JS files / bytes on the wire |',
    );
    console.log('|---|---|---:|---:|---:|---:|---:|');
    for (const r of rows) console.log(r);
  } finally {
    await browser?.close();
    for (const t of targets) await t.stop();
  }
}

await main();
