// Summarises a V8 CPU profile (`BENCH_CPU_PROF=<dir> npm run bench` writes one per server run):
// the share of samples per package (self time) and the functions with the most inclusive time.
// Usage: node --import tsx bench/profile-top.ts <file.cpuprofile> [how many functions, default 40]
import { readFileSync } from 'node:fs';

interface Node {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}
const profile = JSON.parse(readFileSync(process.argv[2], 'utf8')) as { nodes: Node[] };
const top = Number(process.argv[3] ?? 40);
const byId = new Map(profile.nodes.map((n) => [n.id, n]));
const total = profile.nodes.reduce((s, n) => s + (n.hitCount ?? 0), 0);
const idle = profile.nodes
  .filter((n) => n.callFrame.functionName === '(idle)')
  .reduce((s, n) => s + (n.hitCount ?? 0), 0);
const busy = total - idle;

/** node_modules/<package> (scoped too), node: internals, or this project's folder. */
function area(url: string, name: string) {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1];
  if (url.startsWith('node:')) return url;
  if (!url) return `(${name || 'native'})`;
  const own = /\/(server|contract|bench)\/(.*)$/.exec(url);
  return own ? `${own[1]}/${own[2].split('/')[0]}` : url;
}

const self = new Map<string, number>();
const inclusive = new Map<string, number>();
// Inclusive time: each function counted once per stack, however often it recurses.
function walk(id: number, onStack: Set<string>): number {
  const n = byId.get(id)!;
  const key = `${n.callFrame.functionName || '(anonymous)'} ${n.callFrame.url.replace(/^.*node_modules\//, '')}:${n.callFrame.lineNumber + 1}`;
  const hits = n.callFrame.functionName === '(idle)' ? 0 : (n.hitCount ?? 0);
  self.set(
    area(n.callFrame.url, n.callFrame.functionName),
    (self.get(area(n.callFrame.url, n.callFrame.functionName)) ?? 0) + hits,
  );
  const fresh = !onStack.has(key);
  if (fresh) onStack.add(key);
  let sum = hits;
  for (const c of n.children ?? []) sum += walk(c, onStack);
  if (fresh) {
    onStack.delete(key);
    inclusive.set(key, (inclusive.get(key) ?? 0) + sum);
  }
  return sum;
}
walk(profile.nodes[0].id, new Set());

const pct = (v: number) => `${((100 * v) / busy).toFixed(1)}%`;
console.log(`${busy} busy samples (${idle} idle)\n\nself time by area`);
for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`${pct(v).padStart(6)}  ${k}`);
console.log('\ninclusive time by function');
for (const [k, v] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top))
  console.log(`${pct(v).padStart(6)}  ${k}`);
