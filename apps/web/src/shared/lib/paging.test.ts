import { describe, expect, it } from 'vitest';
import { clampPage, withPageParam } from './paging.ts';

describe('clampPage', () => {
  it('keeps a page within 1..totalPages', () => {
    expect(clampPage(0, 5)).toBe(1);
    expect(clampPage(-3, 5)).toBe(1);
    expect(clampPage(3, 5)).toBe(3);
    expect(clampPage(9, 5)).toBe(5);
  });

  it('gives 1 when there are no pages or the page is not a number', () => {
    expect(clampPage(2, 0)).toBe(1);
    expect(clampPage(Number.NaN, 4)).toBe(1);
    expect(clampPage(3, Number.NaN)).toBe(1);
  });

  it('rounds a fractional page down', () => {
    expect(clampPage(2.7, 4)).toBe(2);
  });
});

describe('withPageParam', () => {
  it('sets a page past 1 and removes page 1, keeping the other parameters', () => {
    const params = new URLSearchParams('q=math&page=4');
    expect(withPageParam(params, 2).toString()).toBe('q=math&page=2');
    expect(withPageParam(params, 1).toString()).toBe('q=math');
    expect(withPageParam(params, 3, 'historyPage').toString()).toBe('q=math&page=4&historyPage=3');
    expect(params.toString()).toBe('q=math&page=4');
  });
});
