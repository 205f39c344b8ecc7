// @ts-check
import { defineConfig } from 'astro/config';
import node from '@astrojs/node';
import { fileURLToPath } from 'node:url';
import { precompressFiles } from './src/lib/server/platform/http/static-files.ts';

export default defineConfig({
  output: 'server',
  // Pages are small and fast to render: one buffered write beats many streamed chunks (fewer syscalls).
  // Middleware mode: scripts/start.ts still starts the adapter's standalone server (static files, then
  // Astro) and also gets Astro's handler alone, for requests no static file can answer.
  adapter: node({ mode: 'middleware', experimentalDisableStreaming: true }),
  // Everything per deployment is read from process.env at run time (src/lib/server/platform/config.ts).
  server: { host: 'localhost', port: 4321 },
  security: {
    // Cross-origin form posts answer 403 (CSRF); tests that POST send Origin.
    checkOrigin: true,
    // Inspection report PDFs and plan sets are large.
    actionBodySizeLimit: 30 * 1024 * 1024,
  },
  devToolbar: { enabled: false },
  integrations: [
    {
      // Brotli and gzip copies of the built scripts and styles, served by Accept-Encoding (decision 0099).
      name: 'precompress-client-files',
      hooks: {
        'astro:build:done': ({ dir, logger }) => {
          const done = precompressFiles(fileURLToPath(dir));
          /** @param {'bytes' | 'br' | 'gzip'} key */
          const bytes = (key) => done.reduce((sum, f) => sum + (f[key] ?? 0), 0);
          logger.info(
            `${done.length} files compressed: ${bytes('bytes')} bytes, ${bytes('br')} in brotli, ${bytes('gzip')} in gzip.`,
          );
        },
      },
    },
  ],
  // Scripts and styles always ship as files, never inline, so the Content-Security-Policy can forbid
  // inline script and style (see src/lib/server/platform/http/security-headers.ts).
  build: { inlineStylesheets: 'never' },
  vite: { build: { assetsInlineLimit: 0 } },
});
