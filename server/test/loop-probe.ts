import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import type { AddressInfo } from 'node:net';
import type { TestApp } from './harness';

/** The p99 the event-loop tests hold every worst request to, for the loop delay and for /api/health's answers. */
export const LOOP_P99_MS = 200;
export const HEALTH_P99_MS = 200;

const p99 = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * 0.99) - 1)];

/**
 * Puts the test app on a real port and answers `measured(label, work)`: runs `work` while /api/health is polled
 * every 20 ms over HTTP (its own requests, as a load balancer's probe) and perf_hooks records the loop's delay.
 */
export async function loopProbe(t: TestApp) {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const address: AddressInfo | string | null = t.app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the test app has no TCP address');
  const origin = `http://127.0.0.1:${address.port}`;

  async function measured<T>(label: string, work: () => Promise<T>) {
    const loop = monitorEventLoopDelay({ resolution: 10 });
    const health: number[] = [];
    let failures = 0;
    let running = true;
    const poll = (async () => {
      while (running) {
        const started = performance.now();
        const res = await fetch(`${origin}/api/health`).catch(() => null);
        if (res?.status !== 200) failures++;
        await res?.arrayBuffer();
        health.push(performance.now() - started);
        await sleep(20);
      }
    })();
    loop.enable();
    const started = performance.now();
    let result: T;
    try {
      result = await work();
    } finally {
      running = false;
      loop.disable();
      await poll;
    }
    const figures = {
      seconds: Number(((performance.now() - started) / 1000).toFixed(1)),
      loopP99: Number((loop.percentile(99) / 1e6).toFixed(1)),
      loopMax: Number((loop.max / 1e6).toFixed(1)),
      healthP99: Number(p99(health).toFixed(1)),
      healthMax: Number(Math.max(...health).toFixed(1)),
      healthCalls: health.length,
      failures,
    };
    console.info(`event loop, ${label}: ${JSON.stringify(figures)}`);
    return { result, ...figures };
  }
  return { origin, measured };
}
