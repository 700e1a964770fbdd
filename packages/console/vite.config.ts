import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { type Plugin, defineConfig } from 'vite';

const outDir = fileURLToPath(new URL('dist', import.meta.url));

/** Writes .br and .gz next to each script and stylesheet: the server sends them as they are (no compression per request). */
function precompress(): Plugin {
  return {
    name: 'rapport-precompress',
    apply: 'build',
    closeBundle() {
      const assets = join(outDir, 'assets');
      for (const name of readdirSync(assets)) {
        if (!/\.(js|css|svg)$/.test(name)) continue;
        const file = join(assets, name);
        const body = readFileSync(file);
        writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
        writeFileSync(`${file}.br`, brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
      }
    },
  };
}

// Built at install (`prepare`), served by the API process at /console/ (src/http/console.ts).
// The SDK is bundled from its sources, so this build does not wait for the SDK's own build.
export default defineConfig({
  base: '/console/',
  plugins: [react(), precompress()],
  resolve: {
    alias: { '@rapport/sdk': fileURLToPath(new URL('../sdk/src/index.ts', import.meta.url)) },
  },
  build: {
    target: 'es2022',
    outDir,
    emptyOutDir: true,
    assetsDir: 'assets',
    modulePreload: { polyfill: false },
    sourcemap: false,
    reportCompressedSize: true,
    chunkSizeWarningLimit: 300,
  },
  server: {
    // `npm run dev -w @rapport/console` against a server on 8080: API calls go through this proxy.
    proxy: { '/apiv3': 'http://127.0.0.1:8080' },
  },
});
