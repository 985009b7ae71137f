import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';

const root = fileURLToPath(new URL('.', import.meta.url));
const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8')) as { version: string };

/**
 * Brotli and gzip copies next to each text file of the build (x.js -> x.js.br, x.js.gz), made once at
 * build time at the highest levels; the server sends them as they are (@fastify/static preCompressed).
 */
function precompress(): Plugin {
  let outDir = '';
  const walk = (dir: string): string[] =>
    readdirSync(dir).flatMap((f) => {
      const full = path.join(dir, f);
      return statSync(full).isDirectory() ? walk(full) : [full];
    });
  return {
    name: 'precompress',
    apply: 'build',
    configResolved(c) {
      outDir = path.resolve(c.root, c.build.outDir);
    },
    closeBundle() {
      for (const file of walk(outDir).filter((f) => /\.(js|mjs|css|html|svg|json|txt|map)$/.test(f))) {
        const raw = readFileSync(file);
        if (raw.length < 1024) continue;
        const br = brotliCompressSync(raw, {
          params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: raw.length },
        });
        const gz = gzipSync(raw, { level: 9 });
        if (br.length < raw.length) writeFileSync(`${file}.br`, br);
        if (gz.length < raw.length) writeFileSync(`${file}.gz`, gz);
      }
    },
  };
}

export default defineConfig({
  root,
  plugins: [react(), precompress()],
  // Same aliases as tsconfig.json "paths": web/src and the shared contract.
  resolve: {
    alias: [
      { find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) },
      { find: /^@contract\//, replacement: fileURLToPath(new URL('../contract/', import.meta.url)) },
    ],
  },
  define: { 'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version) },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    chunkSizeWarningLimit: 900,
    // Modules two or more lazy screens share go into two chunks (libraries, our own code) instead of dozens of
    // 0-2 kB files: a cold deep link fetched 41-64 files, six at a time over HTTP/1.1, and waited on that,
    // not on its data (docs/performance.md "Cold screens": first row 783-1002 ms -> 629-663 ms).
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'shared-vendor', test: /node_modules/, minShareCount: 2, priority: 20 },
            { name: 'shared-app', minShareCount: 2, priority: 10 },
          ],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:8080' },
  },
});
