import { subjectsResponseSchema } from '@ustaz/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

beforeAll(async () => {
  // Ten subjects: sort order first, then the name in the request language.
  const names: [string, string, number, boolean][] = [
    ['الفيزياء', 'Physics', 2, true],
    ['الرياضيات', 'Mathematics', 1, true],
    ['الكيمياء', 'Chemistry', 2, true],
    ['الأحياء', 'Biology', 2, true],
    ['اللغة العربية', 'Arabic Language', 3, true],
    ['اللغة الإنجليزية', 'English Language', 3, true],
    ['الموسيقى', 'Music', 4, true],
    ['القرآن الكريم', 'Holy Quran', 4, true],
    ['الفلسفة', 'Philosophy', 5, false],
    ['الإحصاء', 'Statistics', 5, true],
  ];
  for (const [nameAr, nameEn, sortOrder, isActive] of names) {
    await f.subject({
      nameAr,
      nameEn,
      sortOrder,
      isActive,
      descriptionAr: `وصف ${nameAr}`,
      descriptionEn: nameEn === 'Music' ? '' : `About ${nameEn}`,
      icon: nameEn === 'Mathematics' ? 'calculator' : undefined,
    });
  }
});

async function list(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/v1/subjects?${query}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return subjectsResponseSchema.parse(res.json());
}

describe('GET /api/v1/subjects', () => {
  it('pages 8 at a time by default, ordered by sort order then name, in Arabic by default', async () => {
    const first = await list('');
    expect(first).toMatchObject({ total: 10, page: 1, limit: 8, totalPages: 2 });
    expect(first.data.map((s) => s.name)).toEqual([
      'الرياضيات',
      'الأحياء',
      'الفيزياء',
      'الكيمياء',
      'اللغة الإنجليزية',
      'اللغة العربية',
      'القرآن الكريم',
      'الموسيقى',
    ]);
    expect(first.data[0]).toMatchObject({ description: 'وصف الرياضيات', icon: 'calculator', isActive: true });
    expect(first.data[1]?.icon).toBe('book-open');
    const second = await list('page=2');
    expect(second.data.map((s) => s.name)).toEqual(['الإحصاء', 'الفلسفة']);
    expect(await list('page=3')).toMatchObject({ data: [], total: 10, totalPages: 2 });
  });

  it('answers in English by ?lang or Accept-Language, ordered by the English name, falling back to Arabic', async () => {
    const byQuery = await list('lang=en&limit=4');
    expect(byQuery.data.map((s) => s.name)).toEqual(['Mathematics', 'Biology', 'Chemistry', 'Physics']);
    const byHeader = await list('search=music', { 'accept-language': 'en-GB,en;q=0.9' });
    expect(byHeader.data).toEqual([
      { id: expect.any(Number), name: 'Music', description: 'وصف الموسيقى', icon: 'book-open', isActive: true },
    ]);
  });

  it('filters by isActive', async () => {
    expect((await list('isActive=true&limit=50')).total).toBe(9);
    expect((await list('isActive=false')).data.map((s) => s.name)).toEqual(['الفلسفة']);
    expect((await list('isActive=')).total).toBe(10);
  });

  it('searches both names, normalised (hamza, ى/ي, ة/ه, diacritics, tatweel, case)', async () => {
    const names = async (search: string) =>
      (await list(`search=${encodeURIComponent(search)}`)).data.map((s) => s.name);
    expect(await names('رياضيات')).toEqual(['الرياضيات']);
    expect(await names('الرِّياضيات')).toEqual(['الرياضيات']);
    expect(await names('ريـــاضيات')).toEqual(['الرياضيات']);
    expect(await names('MATH')).toEqual(['الرياضيات']);
    expect(await names('الاحياء')).toEqual(['الأحياء']);
    expect(await names('الموسيقي')).toEqual(['الموسيقى']);
    expect(await names('اللغه')).toEqual(['اللغة الإنجليزية', 'اللغة العربية']);
    expect(await names('اللغة الانجليزية')).toEqual(['اللغة الإنجليزية']);
    expect(await names('language arabic')).toEqual(['اللغة العربية']);
    expect(await names('الاحصاء')).toEqual(['الإحصاء']);
    expect(await names('astronomy')).toEqual([]);
  });

  it.each(['limit=0', 'limit=51', 'page=0', 'page=abc', 'isActive=maybe', 'search[]=a', `search=${'x'.repeat(101)}`])(
    '%s -> 422',
    async (query) => {
      expect((await t.app.inject({ url: `/api/v1/subjects?${query}` })).statusCode).toBe(422);
    },
  );

  it.each(["search=' or 1=1 --", 'search=%25', 'search=%00', '__proto__[x]=1'])('%s -> 200', async (query) => {
    expect((await t.app.inject({ url: `/api/v1/subjects?${query}` })).statusCode).toBe(200);
  });
});
