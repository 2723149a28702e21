/**
 * The islands build (ADR 038): the code a guest's browser runs on a public page whose interactive
 * parts are islands (src/islands/entry.tsx). The island components are the app's own; here
 * 'react-router' is src/islands/router-lite.tsx (plain links, the server's params), and i18next and
 * react-i18next are src/islands/i18n-lite.ts and react-i18n-lite.tsx, so none of the router, the
 * session or the socket comes with them, and the texts cost 2 KB instead of 18. Written into
 * dist/ beside the app's build, with its own manifest (.vite/islands-manifest.json), which the server reads for the page's
 * boot script and preloads (apps/server/src/web/index-html.ts).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { iconSprite } from './icon-sprite-plugin.ts';

export const ISLANDS_ENTRY = 'src/islands/entry.tsx';

export default defineConfig({
  // The icons (ADR 039) name the same sprite file as the app's build.
  plugins: [react(), iconSprite()],
  resolve: {
    alias: [
      { find: /^react-router$/, replacement: fileURLToPath(new URL('src/islands/router-lite.tsx', import.meta.url)) },
      // The texts: i18next's lookup, plurals and interpolation over the inlined texts (i18n-lite.test.ts).
      { find: /^i18next$/, replacement: fileURLToPath(new URL('src/islands/i18n-lite.ts', import.meta.url)) },
      {
        find: /^react-i18next$/,
        replacement: fileURLToPath(new URL('src/islands/react-i18n-lite.tsx', import.meta.url)),
      },
    ],
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    outDir: 'dist',
    emptyOutDir: false,
    copyPublicDir: false,
    manifest: '.vite/islands-manifest.json',
    rolldownOptions: {
      input: { islands: fileURLToPath(new URL(ISLANDS_ENTRY, import.meta.url)) },
      treeshake: {
        moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }],
        manualPureFunctions: ['z'],
      },
      // As in the app's build (vite.config.ts, ADR 012): small shared modules are copied into the
      // chunks that use them rather than each being a request of its own.
      output: { codeSplitting: { experimentalInlineCommonChunks: { maxSize: 8 * 1024 } } },
    },
  },
});
