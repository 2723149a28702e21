import { describe, expect, it } from 'vitest';
import { pageCount, toPage } from './paging.ts';

describe('toPage', () => {
  it('counts the pages that hold the total', () => {
    expect(pageCount(0, 10)).toBe(0);
    expect(pageCount(1, 10)).toBe(1);
    expect(pageCount(10, 10)).toBe(1);
    expect(pageCount(11, 10)).toBe(2);
    expect(pageCount(95, 20)).toBe(5);
  });

  it('answers a list page with only page and limit of the query', () => {
    const query = { page: 2, limit: 3, search: 'x' };
    expect(toPage(['d', 'e', 'f'], 7, query)).toEqual({
      data: ['d', 'e', 'f'],
      total: 7,
      page: 2,
      limit: 3,
      totalPages: 3,
    });
    expect(toPage([], 0, { page: 1, limit: 10 })).toEqual({ data: [], total: 0, page: 1, limit: 10, totalPages: 0 });
  });
});
