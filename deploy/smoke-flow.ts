// The API half of deploy/smoke.sh: a bench day through the TLS proxy, with the e2e tests' own API helpers
// (e2e/support: the same bodies the browser tests set their data up with). smoke.sh starts it with
// NODE_EXTRA_CA_CERTS naming the throw-away certificate, so Node's fetch checks the proxy's certificate.
//   SMOKE_BASE_URL=https://localhost:<port> ADMIN_EMAIL=... ADMIN_PASSWORD=... node --import tsx deploy/smoke-flow.ts
// Prints one 'ok - ...' line per check; any failure throws (exit code 1).
import { apiHelpers, centralBiobank, registerParticipant, unique, type Rec } from '../e2e/support/data';
import { collectedSampleByApi } from '../e2e/support/protocols';
import { nodeUrl, storageByApi } from '../e2e/support/storage';
import { WORKER_HEADER } from '../server/cluster';

const env = (name: string) => {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is required`);
  return value;
};
const baseUrl = env('SMOKE_BASE_URL');
const admin = { email: env('ADMIN_EMAIL'), password: env('ADMIN_PASSWORD') };
const ok = (what: string) => console.log(`ok - ${what}`);
const check = (cond: boolean, what: string) => {
  if (!cond) throw new Error(`failed: ${what}`);
  ok(what);
};

check(baseUrl.startsWith('https://'), `the API is reached through TLS (${baseUrl})`);
const api = apiHelpers(baseUrl);

// Sign in as the first-start administrator (ADMIN_EMAIL / ADMIN_PASSWORD) and open the Central Biobank.
const b = await centralBiobank(api, admin);
ok(`signed in as ${admin.email}; Central Biobank is institution ${b.instId}`);

const u = unique();
const patient = await registerParticipant(b, { mrn: `DS${u}`.toUpperCase() });
const found = await b.call<Rec>('GET', `patients/${patient.id}`);
check(found.id === patient.id, `registered participant ${patient.id} and read it back`);

const sample = await collectedSampleByApi(b, patient.id);
check(typeof sample.sampleId === 'string' && sample.sampleId.length > 0, `collected sample ${sample.sampleId}`);

const { box1 } = await storageByApi(b, `Deploy freezer ${u}`);
const positions = await b.call<(Rec & { code: string; occupied: boolean })[]>(
  'GET',
  `${nodeUrl(box1)}/StorageContainerBoxPositions`,
);
const free = positions.find((p) => !p.occupied);
if (!free) throw new Error('the new box has no free position');
const occupancies = `${nodeUrl(box1)}/StorageContainerBoxPositions/${free.id}/StorageContainerBoxPositionOccupancies`;
await b.call('POST', occupancies, { collectedSampleId: sample.id });
const stored = await b.call<{ collectedSampleId: number }[]>('GET', occupancies);
check(
  stored.some((o) => o.collectedSampleId === sample.id),
  `allocated ${sample.sampleId} to position ${free.code} of a new box`,
);

// WORKERS=2 behind the proxy: concurrent requests open several upstream connections, which node:cluster hands to
// its workers in turn; each answer names its worker. A few rounds, as the proxy reuses kept-alive connections.
const workers = new Set<string>();
for (let round = 0; round < 5 && workers.size < 2; round++) {
  const answers = await Promise.all(Array.from({ length: 24 }, () => fetch(`${baseUrl}/api/health`)));
  for (const res of answers) {
    await res.arrayBuffer();
    const worker = res.headers.get(WORKER_HEADER);
    if (res.ok && worker) workers.add(worker);
  }
}
check(workers.size >= 2, `both API workers answered through the proxy (${WORKER_HEADER}: ${[...workers].sort()})`);
