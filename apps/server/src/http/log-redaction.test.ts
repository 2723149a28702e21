import { describe, expect, it } from 'vitest';
import { redactUrl } from './log-redaction.ts';

describe('redactUrl', () => {
  it('hides the hash of confirmation and reset links and any token, keeps the rest', () => {
    expect(redactUrl('/en/password-change?hash=abc_DEF-123&expires=1700000000000')).toBe(
      '/en/password-change?hash=[redacted]&expires=1700000000000',
    );
    expect(redactUrl('/ar/confirm-email?lang=ar&HASH=x1#top')).toBe('/ar/confirm-email?lang=ar&HASH=[redacted]#top');
    expect(redactUrl('/x?token=a.b.c&refreshToken=d')).toBe('/x?token=[redacted]&refreshToken=[redacted]');
    expect(redactUrl('/api/teachers/search?search=hash&page=2')).toBe('/api/teachers/search?search=hash&page=2');
    expect(redactUrl('/api/v1/payments/return?hashed=1')).toBe('/api/v1/payments/return?hashed=1');
  });
});
