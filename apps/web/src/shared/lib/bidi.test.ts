import { describe, expect, it } from 'vitest';
import { isolate, ltr } from './bidi.ts';

describe('isolate', () => {
  it('wraps the text in first strong isolate ... pop directional isolate', () => {
    expect(isolate('Ahmad')).toBe('\u2068Ahmad\u2069');
    expect(isolate('أحمد')).toBe('\u2068أحمد\u2069');
  });
  it('keeps an empty text an empty isolate', () => {
    expect(isolate('')).toBe('\u2068\u2069');
  });
});

describe('ltr', () => {
  it('wraps the text in left-to-right isolate ... pop directional isolate', () => {
    expect(ltr('KW81CBKU0000000000001234560101')).toBe('\u2066KW81CBKU0000000000001234560101\u2069');
  });
});
