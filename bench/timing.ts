// Timing of API requests for the benches: sequential requests through app.inject, so auth, validation
// and serialisation are included and nothing else competes in the process.
import type { LightMyRequestResponse } from 'fastify';

export const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** Median and p95 (ms) of `samples` sequential requests after two warm-ups, and the total X-Pagination reported. */
export async function timeRequests(
  get: (url: string) => Promise<LightMyRequestResponse>,
  url: string,
  samples: number,
) {
  for (let i = 0; i < 2; i++) await get(url);
  const times: number[] = [];
  let res = await get(url);
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    res = await get(url);
    times.push(performance.now() - t0);
  }
  if (res.statusCode !== 200) throw new Error(`${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
  times.sort((a, b) => a - b);
  const page = res.headers['x-pagination']
    ? (JSON.parse(String(res.headers['x-pagination'])) as { TotalCount: number; TotalIsAtLeast?: boolean })
    : null;
  const total = page
    ? `${page.TotalCount.toLocaleString('en-US')}${page.TotalIsAtLeast ? '+' : ''}`
    : res.body.slice(0, 60);
  return { median: pct(times, 50), p95: pct(times, 95), total };
}

/**
 * autocannon's latency percentiles (ms), which its run-time result has and its type does not declare. It reports
 * p90 and p97.5, not p95: p95 is read between them.
 */
export function latencyOf(r: { latency: object }) {
  const at = (k: string) => Number(Reflect.get(r.latency, k));
  const p95 = at('p95');
  return { p50: at('p50'), p95: Number.isFinite(p95) ? p95 : (at('p90') + at('p97_5')) / 2, p99: at('p99') };
}
