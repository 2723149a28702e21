import { describe, expect, it } from 'vitest';
import { linkify } from './linkify.ts';

describe('linkify', () => {
  it('cuts http(s) addresses out of the text, without the punctuation after them', () => {
    expect(linkify('انظر https://example.com/a?b=1، ثم http://x.org.')).toEqual([
      { kind: 'text', text: 'انظر ' },
      { kind: 'link', text: 'https://example.com/a?b=1', href: 'https://example.com/a?b=1' },
      { kind: 'text', text: '، ثم ' },
      { kind: 'link', text: 'http://x.org', href: 'http://x.org/' },
      { kind: 'text', text: '.' },
    ]);
  });

  it('keeps a bracket the address opened, and drops one around it', () => {
    expect(linkify('(https://en.wikipedia.org/wiki/Kuwait_(city))')).toEqual([
      { kind: 'text', text: '(' },
      {
        kind: 'link',
        text: 'https://en.wikipedia.org/wiki/Kuwait_(city)',
        href: 'https://en.wikipedia.org/wiki/Kuwait_(city)',
      },
      { kind: 'text', text: ')' },
    ]);
  });

  it('leaves javascript:, data: and other schemes as text', () => {
    for (const text of ['javascript:alert(1)', 'data:text/html,<b>x</b>', 'mailto:a@b.c', 'ftp://x.org', 'www.x.org']) {
      expect(linkify(text)).toEqual([{ kind: 'text', text }]);
    }
    expect(linkify('')).toEqual([]);
  });
});
