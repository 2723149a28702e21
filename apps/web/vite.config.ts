import path from 'node:path';
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { iconSprite } from './icon-sprite-plugin.ts';

/**
 * The files the page's entry loads statically (index.html names each in a modulepreload link).
 * Filled when the bundle is written, before Vite writes the preload lists of the dynamic imports.
 */
const firstLoad = new Set<string>();

function firstLoadFiles(): Plugin {
  return {
    name: 'ustaz:first-load-files',
    generateBundle: {
      order: 'pre',
      handler(_options, bundle) {
        firstLoad.clear();
        const visit = (file: string) => {
          const chunk = bundle[file];
          if (firstLoad.has(file) || chunk?.type !== 'chunk') return;
          firstLoad.add(file);
          for (const imported of chunk.imports) visit(imported);
        };
        for (const [file, chunk] of Object.entries(bundle)) if (chunk.type === 'chunk' && chunk.isEntry) visit(file);
      },
    },
  };
}

/**
 * The server bundle (ADR 021) learns which source modules each route loads: every `import()` in the
 * route tables is preceded by a call naming its module as the browser build's manifest does
 * (`src/features/home/home-page.tsx`), which entry-server.tsx records per route. The page handler
 * then preloads those modules' files (`.vite/manifest.json` of the browser build).
 */
function routeModuleNames(): Plugin {
  const tables = /[\\/]src[\\/]app[\\/](routes|router)\.tsx$/;
  const appRoot = fileURLToPath(new URL('.', import.meta.url));
  return {
    name: 'ustaz:route-module-names',
    apply: (_config, env) => env.isSsrBuild === true,
    transform(code, id) {
      if (!tables.test(id)) return null;
      return code.replace(/\bimport\((['"])(\.{1,2}\/[^'"]+)\1\)/g, (call, _quote: string, specifier: string) => {
        const name = path
          .relative(appRoot, path.resolve(path.dirname(id), specifier))
          .split(path.sep)
          .join('/');
        return `(globalThis.__ustazRouteModule?.(${JSON.stringify(name)}), ${call})`;
      });
    },
  };
}

export default defineConfig(({ isSsrBuild }) => ({
  plugins: [react(), tailwindcss(), iconSprite(), firstLoadFiles(), routeModuleNames()],
  // The server renderer (ADR 021, `vite build --ssr`) holds every package it uses (React, the router,
  // i18next, the contract's sources...): production installs the server's packages only (ADR 019).
  ssr: { noExternal: true },
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    // Which files each source module is (.vite/manifest.json): the server preloads a rendered
    // route's own (ADR 021). Not served: the static files skip dot folders.
    manifest: !isSsrBuild,
    // The server bundle needs no copy of public/ (the browser's build has it).
    copyPublicDir: !isSsrBuild,
    modulePreload: {
      // A lazy page's list of files to preload leaves out those the entry loaded already: the preload
      // helper skips them anyway (index.html links each), and every list names them again.
      resolveDependencies: (_file, deps, { hostType }) =>
        hostType === 'js' ? deps.filter((dep) => !firstLoad.has(dep)) : deps,
    },
    rolldownOptions: {
      // The contract's files only declare (schemas, constants, types: src/shared/contract-tree-shaking.test.ts
      // holds them to that), so a route takes only the contract files whose exports it uses, not every
      // file the barrel `@ustaz/contract` names: a zod schema built at the top of a file (`z.object(...)`)
      // looks like a side effect to the bundler, which otherwise keeps whole files.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
      // The server bundle (ADR 021) is read from disk once: no chunk shaping for it.
      output: isSsrBuild
        ? {}
        : {
            codeSplitting: {
              // A shared module that is not a page of its own (PageTitle, QueryStates, the dates, the admin
              // cells...) would be a chunk of its own, shared by a different set of routes, each costing a
              // request, gzip overhead and import/export glue. Rolldown copies such common chunks below
              // 16 KB of source into the chunks that use them; a registry in its runtime keeps one instance
              // of each module (ADR 012, round 3). It turns on strictExecutionOrder (modules wrapped to run
              // in source order). Chunks with CSS stay files: Vite's CSS plugin would emit their CSS twice.
              experimentalInlineCommonChunks: {
                maxSize: 16 * 1024,
                exclude: /\.(css|scss|sass|less|styl|stylus|pcss|postcss|sss)(\?|$)/,
              },
            },
          },
    },
  },
}));
