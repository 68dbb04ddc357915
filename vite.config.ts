import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { build as esbuild } from 'esbuild';
import { defineConfig, type Plugin } from 'vite';
import { LANDING_PAGES, PAGE_INDEX_FILE, type PageIndex } from './src/shared/landing-pages.ts';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};

/** The API server `npm run dev` starts beside Vite (docs/architecture.md §1). */
const API_TARGET = process.env.API_PROXY_TARGET ?? 'http://127.0.0.1:3001';

/**
 * Writes `.br` and `.gz` siblings of the text files of the build, so the server can send them
 * as they are (`serveStatic({ precompressed: true })`) instead of compressing on every request
 * (docs/decisions/012-web-bundle-budget.md).
 */
function precompress(): Plugin {
  const COMPRESSIBLE = /\.(js|css|html|svg|json|txt|xml)$/;
  return {
    name: 'stoop:precompress',
    apply: 'build',
    writeBundle(options, bundle) {
      const outDir = options.dir ?? 'dist';
      for (const fileName of Object.keys(bundle)) {
        if (!COMPRESSIBLE.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = readFileSync(file);
        if (source.length < 1024) continue;
        writeFileSync(`${file}.gz`, gzipSync(source, { level: 9 }));
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
      }
    },
  };
}

/**
 * Builds the offline service worker (src/web/sw/service-worker.ts) into `/sw.js` with the list
 * of this build's hashed files to precache, and a cache name made from that list, so every
 * deploy replaces the cache (docs/decisions/033-offline-service-worker.md).
 */
function serviceWorker(): Plugin {
  return {
    name: 'stoop:service-worker',
    apply: 'build',
    async generateBundle(_options, bundle) {
      const precache = Object.keys(bundle)
        .filter((fileName) => fileName.startsWith('assets/') && !/\.(map|gz|br)$/.test(fileName))
        .sort()
        .map((fileName) => `/${fileName}`);
      const version = createHash('sha256').update(precache.join('\n')).digest('hex').slice(0, 12);
      const result = await esbuild({
        entryPoints: ['src/web/sw/service-worker.ts'],
        bundle: true,
        write: false,
        format: 'iife',
        target: 'es2022',
        minify: true,
        define: {
          __PRECACHE__: JSON.stringify(precache),
          __CACHE_VERSION__: JSON.stringify(version),
        },
      });
      const source = result.outputFiles[0]?.text;
      if (!source) throw new Error('The service worker did not build.');
      this.emitFile({ type: 'asset', fileName: 'sw.js', source });
    },
  };
}

/**
 * Writes the page index (`.vite/pages.json`): each page of the web app, a route module of
 * src/web/app/routes lazily loaded by the router, by name (its file name), and its key in Vite's
 * manifest. The server preloads the landing pages' chunks from the two without naming web files
 * (src/shared/landing-pages.ts). A landing page with no route module fails the build.
 */
function pageIndex(): Plugin {
  let root = process.cwd();
  return {
    name: 'stoop:page-index',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const routesDir = path.join(root, 'src', 'web', 'app', 'routes');
      const pages: PageIndex = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || !chunk.facadeModuleId) continue;
        const module = chunk.facadeModuleId;
        if (path.dirname(module) !== routesDir) continue;
        // The manifest's key: the module's path from the root, with forward slashes.
        pages[path.parse(module).name] = path.relative(root, module).split(path.sep).join('/');
      }
      const missing = LANDING_PAGES.flatMap((landing) => landing.pages).filter((p) => !pages[p]);
      if (missing.length > 0) {
        this.error(
          `src/shared/landing-pages.ts names pages with no route module in ${routesDir}: ${[...new Set(missing)].join(', ')}.`,
        );
      }
      this.emitFile({
        type: 'asset',
        fileName: PAGE_INDEX_FILE,
        source: `${JSON.stringify(pages, null, 2)}\n`,
      });
    },
  };
}

/**
 * The entry's stylesheet, as Vite names it in index.html, loads without blocking the first paint
 * (`media="print"` until main.tsx switches it on, before the app's first render): the start-up
 * screen has its own inline styles, so it paints as soon as the HTML is in (decision 066).
 */
function nonBlockingStylesheet(): Plugin {
  return {
    name: 'stoop:non-blocking-stylesheet',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html) {
        const links = html.match(/<link rel="stylesheet"[^>]*>/g) ?? [];
        if (links.length !== 1) {
          throw new Error(
            `index.html: expected the entry's one stylesheet, found ${links.length}.`,
          );
        }
        return html.replace(
          /<link rel="stylesheet"/,
          '<link rel="stylesheet" media="print" fetchpriority="high" data-app-styles',
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [
    // JSX through React's automatic runtime; React Fast Refresh in `npm run dev` (decision 072).
    react(),
    tailwindcss(),
    // What the browser's build writes beside its files; the server-rendering bundle has none.
    ...[precompress(), serviceWorker(), pageIndex(), nonBlockingStylesheet()].map(
      (plugin): Plugin => ({ ...plugin, applyToEnvironment: (env) => env.name === 'client' }),
    ),
  ],
  // `vite build` builds both environments: the browser's app into dist/ and the server-rendering
  // entry into dist-ssr/ (decision 075), so every script that builds gets both.
  builder: {},
  environments: {
    ssr: {
      build: {
        outDir: 'dist-ssr',
        emptyOutDir: true,
        manifest: false,
        ssr: true,
        rolldownOptions: { input: { 'entry-server': 'src/web/entry-server.tsx' } },
      },
    },
  },
  define: {
    'import.meta.env.VITE_APP_VERSION': JSON.stringify(pkg.version),
  },
  server: {
    proxy: {
      '/api': { target: API_TARGET, changeOrigin: false },
      '/media': { target: API_TARGET, changeOrigin: false },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    target: 'es2022',
    sourcemap: false,
    // Every page is its own chunk (src/web/app/router.tsx). The entry holds React, React DOM,
    // the router and TanStack Query; bench/web-budget.ts checks
    // the gzip budget of docs/architecture.md §8, so this warning only flags a real jump.
    chunkSizeWarningLimit: 400,
    // dist/.vite/manifest.json: with the page index (pageIndex above), the server names a
    // landing page's chunks in its HTML (src/server/lib/route-preloads.ts).
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // What the entry imports statically (React, the router, the API client, …) is one
          // chunk, not one per module that a page chunk also imports: every page loads all of
          // it anyway, and each extra file is one more request before the page can render
          // (six connections per origin over HTTP/1.1).
          groups: [
            { name: 'app', tags: ['$initial'] },
            // zod in a chunk of its own name: the web budget tells which pages load it at first
            // load (decision 065), and no page's own chunk grows by it.
            { name: 'zod', test: /[\\/]node_modules[\\/]zod[\\/]/ },
            // Small UI parts, helpers and query keys that three or more chunks share join it
            // too: each was a file of a few hundred bytes that a signed-in page fetched on its own
            // (the dashboard 23 scripts, billing 14), and on this machine every script request is
            // main-thread work in the page's first tasks. +1.3 KB gzip on the entry (decision 061).
            {
              name: 'app',
              test: /src[\\/]web[\\/](components[\\/]ui|lib|config)[\\/]|[\\/][a-z-]+-keys\.ts$/,
              minShareCount: 3,
              maxModuleSize: 4000,
            },
          ],
        },
      },
    },
  },
});
