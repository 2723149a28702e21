import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { iconSprite } from './icon-sprite-plugin.ts';

export default defineConfig({
  plugins: [react(), iconSprite()],
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test-setup.ts'],
    // Before each test: spies back to the real functions, stubbed globals (fetch) back to the real ones.
    restoreMocks: true,
    unstubGlobals: true,
  },
});
