import { TEACHER_SEARCH_EXACT_TOTAL_MAX, teacherSearchQuerySchema, teacherSearchResponseSchema } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';
import { createSubjectsService } from '../subjects/subjects.service.ts';
import { createTeachersService } from './teachers.service.ts';

/** Totals: exact up to a threshold (TEACHER_SEARCH_EXACT_TOTAL_MAX), the planner's estimate above it, flagged. */
describe('the total of a teacher search', () => {
  const { t, f } = useTestApp();

  it('is exact up to the threshold and an estimate, flagged and above it, past it', async () => {
    for (let i = 0; i < 5; i++) await f.teacher({ firstName: 'Totalword', lastName: `T${i}` });
    for (let i = 0; i < 3; i++) await f.teacher({ firstName: 'Fewword', lastName: `F${i}` });
    const service = createTeachersService(t.database.db, createSubjectsService(t.database.db), { exactTotalUpTo: 3 });
    const search = (q: Record<string, string>) =>
      service.search(teacherSearchQuerySchema.parse({ limit: '2', ...q }), 'en');

    const few = await search({ search: 'fewword' });
    expect(few).toMatchObject({ total: 3, totalPages: 2 });
    expect(few.totalIsEstimate).toBeUndefined();

    const many = await search({ search: 'totalword' });
    expect(many.data).toHaveLength(2);
    expect(many.totalIsEstimate).toBe(true);
    expect(many.total).toBeGreaterThanOrEqual(4);
    expect(many.totalPages).toBe(Math.ceil(many.total / 2));
    // The last page tells its total by itself: exact again.
    const last = await search({ search: 'totalword', page: '3' });
    expect(last).toMatchObject({ total: 5, page: 3 });
    expect(last.totalIsEstimate).toBeUndefined();
  });

  // The page's own statement counts when nothing is reused (issue 33); a reused total serves the
  // other pages of the same filter. Both must answer the same totals on every kind of page.
  for (const countCacheMs of [0, 60_000]) {
    it(`tells the same totals on full, partial, empty and past-the-end pages (count cache ${countCacheMs} ms)`, async () => {
      for (let i = 0; i < 5; i++) await f.teacher({ firstName: `Pageword${countCacheMs}`, lastName: `P${i}` });
      const service = createTeachersService(t.database.db, createSubjectsService(t.database.db), {
        exactTotalUpTo: 3,
        countCacheMs,
      });
      const search = (q: Record<string, string>) =>
        service.search(teacherSearchQuerySchema.parse({ limit: '2', search: `pageword${countCacheMs}`, ...q }), 'en');
      const pages = [await search({}), await search({ page: '2' }), await search({ page: '3' })];
      // Five matches over a cap of three: an estimate until the last, partial page, which is exact.
      expect(pages.map((p) => p.data.length)).toEqual([2, 2, 1]);
      expect(pages.map((p) => p.totalIsEstimate)).toEqual([true, true, undefined]);
      expect(pages[2]).toMatchObject({ total: 5, totalPages: 3 });
      // Past the end: nothing on the page, the total still told.
      const past = await search({ page: '9' });
      expect(past.data).toEqual([]);
      expect(past.total).toBeGreaterThanOrEqual(4);
      expect(past.totalIsEstimate).toBe(true);

      const exactService = createTeachersService(t.database.db, createSubjectsService(t.database.db), {
        countCacheMs,
      });
      const exact = (q: Record<string, string>) =>
        exactService.search(
          teacherSearchQuerySchema.parse({ limit: '2', search: `pageword${countCacheMs}`, ...q }),
          'en',
        );
      expect(await exact({ page: '9' })).toMatchObject({ data: [], total: 5, totalPages: 3 });
      const full = await exact({});
      expect(full).toMatchObject({ total: 5, totalPages: 3 });
      expect(full.totalIsEstimate).toBeUndefined();
      expect(await exact({ search: 'nosuchwordanywhere' })).toMatchObject({ data: [], total: 0, totalPages: 0 });
    });
  }

  it('the API answers an exact total without the flag below the threshold', async () => {
    await f.teacher({ firstName: 'Apiword' });
    const res = await t.app.inject({ url: '/api/teachers/search?search=apiword' });
    const body = teacherSearchResponseSchema.parse(res.json());
    expect(body.total).toBe(1);
    expect('totalIsEstimate' in res.json()).toBe(false);
    expect(TEACHER_SEARCH_EXACT_TOTAL_MAX).toBe(1_000);
  });
});
