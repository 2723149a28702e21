import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  server: {
    port: 5173,
    proxy: { '/api': 'http://localhost:3000' },
  },
  build: {
    target: 'es2022',
    sourcemap: false,
    assetsInlineLimit: 0,
    rolldownOptions: {
      // The contract's files only declare (schemas, constants, types: src/shared/contract-tree-shaking.test.ts
      // holds them to that), so a route takes only the contract files whose exports it uses, not every
      // file the barrel `@ustaz/contract` names: a zod schema built at the top of a file (`z.object(...)`)
      // looks like a side effect to the bundler, which otherwise keeps whole files.
      treeshake: { moduleSideEffects: [{ test: /[\\/]packages[\\/]contract[\\/]src[\\/]/, sideEffects: false }] },
    },
  },
});
