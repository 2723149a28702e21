import { describe, expect, it } from 'vitest';
import { parseQueryString } from './querystring.ts';

describe('parseQueryString', () => {
  it('reads key[] and repeated keys as arrays, single keys as strings', () => {
    expect(parseQueryString('subjects[]=1&subjects[]=math&page=2')).toEqual({ subjects: ['1', 'math'], page: '2' });
    expect(parseQueryString('subjects[]=')).toEqual({ subjects: [''] });
    expect(parseQueryString('a=1&a=2')).toEqual({ a: ['1', '2'] });
    expect(parseQueryString('q=%D8%B1%D9%8A%D8%A7%D8%B6%D9%8A%D8%A7%D8%AA+%D9%A1')).toEqual({ q: 'رياضيات ١' });
  });
  it('drops keys that could reach the prototype', () => {
    const parsed = parseQueryString('__proto__[x]=1&__proto__=2&constructor=3&prototype[]=4&ok=5');
    expect(parsed).toEqual({ '__proto__[x]': '1', ok: '5' });
    expect(({} as Record<string, unknown>).x).toBeUndefined();
    expect(Object.getPrototypeOf(parsed)).toBe(Object.prototype);
  });
});
