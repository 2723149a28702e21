import { describe, expect, it } from 'vitest';
import { translate } from '../i18n/translate.ts';
import { createTestI18n, takeMissingKeys } from './test-i18n.ts';

describe('the missing-key guard of the tests', () => {
  it('records a key the ar or en files lack, for the setup to fail the test', async () => {
    const { i18n } = await createTestI18n('ar');
    // A key no locale file has: the typed t() refuses it at compile time, so through the escape hatch.
    expect(translate(i18n.t, 'common:noSuchKeyAnywhere')).toBe('noSuchKeyAnywhere');
    // The setup would fail this test on it; taken here, it passes.
    expect(takeMissingKeys()).toEqual(['ar common:noSuchKeyAnywhere']);
    expect(takeMissingKeys()).toEqual([]);
  });
});
