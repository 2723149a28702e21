import { describe, expect, it } from 'vitest';
import { buildMailtoHref, buildTelHref } from './mailto.ts';

describe('buildMailtoHref', () => {
  it('is a bare mailto without fields', () => {
    expect(buildMailtoHref(' help@ustaz.example ')).toBe('mailto:help@ustaz.example');
  });

  it('percent-encodes subject and body (spaces as %20, line breaks as %0A, Arabic as UTF-8)', () => {
    expect(buildMailtoHref('help@ustaz.example', { subject: 'Hi & bye', body: 'a b\n\nمرحبا' })).toBe(
      'mailto:help@ustaz.example?subject=Hi%20%26%20bye&body=a%20b%0A%0A%D9%85%D8%B1%D8%AD%D8%A8%D8%A7',
    );
  });

  it('leaves out empty fields', () => {
    expect(buildMailtoHref('help@ustaz.example', { subject: '', body: 'x' })).toBe('mailto:help@ustaz.example?body=x');
  });
});

describe('buildTelHref', () => {
  it('keeps the digits and a leading plus', () => {
    expect(buildTelHref('+965 2227-0000')).toBe('tel:+96522270000');
    expect(buildTelHref('(965) 2227 0000')).toBe('tel:96522270000');
  });
});
