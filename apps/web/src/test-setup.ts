import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
import { takeMissingKeys } from './shared/test/test-i18n.ts';

afterEach(() => {
  cleanup();
  // Absent in the node environment (the server renderer's tests).
  globalThis.localStorage?.clear();
  // A t() call that hit a key the ar or en files lack would show the raw key on screen (issue 17):
  // the test fails on it. A test that asks for an unknown key on purpose takes the keys itself.
  const missing = [...new Set(takeMissingKeys())];
  if (missing.length > 0) {
    throw new Error(
      `Texts missing from public/locales (language namespace:key): ${missing.join(', ')}. ` +
        'Add them in both languages, or, when the test asks for an unknown key on purpose, call takeMissingKeys() in it.',
    );
  }
});
