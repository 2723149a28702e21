import { adminSubjectResponseSchema, ROLE, subjectsResponseSchema, teacherSearchResponseSchema } from '@ustaz/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubjectRow } from '../../db/schema.ts';
import { withoutPluralS } from '../../db/text-search.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

// Search totals are reused for a minute here, so a synonym that is not seen at once would show.
const { t, f } = useTestApp({ searchCountCacheSeconds: 60 });

let admin: TestUser;
let math: SubjectRow;
let stats: SubjectRow;
let mathTeachers: TestTeacher[];
let statsTeacher: TestTeacher;
let physicsTeacher: TestTeacher;

beforeAll(async () => {
  admin = await f.user({ roleId: ROLE.admin });
  math = await f.subject({
    nameAr: 'الرياضيات',
    nameEn: 'Mathematics',
    synonymsAr: ['حساب'],
    synonymsEn: ['Algebra'],
  });
  stats = await f.subject({ nameAr: 'الإحصاء', nameEn: 'Statistics' });
  const physics = await f.subject({ nameAr: 'الفيزياء', nameEn: 'Physics' });
  // Nothing in these bios or majors says "maths", "algebra" or "numeracy" but the first two.
  mathTeachers = [
    await f.teacher({ subjects: [math], profile: { bioEn: 'Numeracy for young pupils' } }),
    await f.teacher({ subjects: [physics, math], profile: { bioAr: 'معلم متميز', bioEn: 'Numeracy and more' } }),
  ];
  statsTeacher = await f.teacher({ subjects: [stats], profile: { bioEn: 'Data and charts' } });
  physicsTeacher = await f.teacher({ subjects: [physics], profile: { bioEn: 'Lab work' } });
});

async function search(query: string) {
  const res = await t.app.inject({ url: `/api/teachers/search?${query}` });
  expect(res.statusCode, res.body).toBe(200);
  return teacherSearchResponseSchema.parse(res.json());
}

async function foundBy(text: string): Promise<number[]> {
  const page = await search(`search=${encodeURIComponent(text)}&limit=50`);
  return page.data.map((row) => row.id).sort((a, b) => a - b);
}

function ids(teachers: TestTeacher[]): number[] {
  return teachers.map((teacher) => teacher.profile.id).sort((a, b) => a - b);
}

function patchSubject(id: number, payload: object, headers: Record<string, string> = admin.headers) {
  return t.app.inject({ method: 'PATCH', url: `/api/v1/admin/subjects/${id}`, headers, payload });
}

describe('search by English variants and subject synonyms', () => {
  it.each(['Maths', 'maths', 'MATHS', 'math', 'Mathematics', 'mathematic', 'رياضيات', 'الرياضيات', 'Algebra', 'حساب'])(
    '"%s" finds exactly the mathematics teachers',
    async (text) => {
      expect(await foundBy(text)).toEqual(ids(mathTeachers));
    },
  );

  it('the subject filter and the subjects list understand them too', async () => {
    const bySubject = await search(`subjects=${encodeURIComponent('maths')}&limit=50`);
    expect(bySubject.data.map((row) => row.id).sort((a, b) => a - b)).toEqual(ids(mathTeachers));
    for (const text of ['maths', 'algebra', 'حساب']) {
      const res = await t.app.inject({ url: `/api/v1/subjects?search=${encodeURIComponent(text)}` });
      expect(subjectsResponseSchema.parse(res.json()).data.map((s) => s.id)).toEqual([math.id]);
    }
  });

  it('drops only an English plural s', () => {
    expect(['maths', 'languages', 'ielts', 'class', 'bus', 'رياضيات', 'x2s'].map(withoutPluralS)).toEqual([
      'math',
      'language',
      'ielt',
      'class',
      'bus',
      'رياضيات',
      'x2s',
    ]);
  });
});

describe('admin-edited synonyms', () => {
  it('a synonym the admin adds finds the teachers at once, totals included; removing it stops that', async () => {
    // A full first page is counted, and the count is kept for a minute.
    expect(await search('search=numeracy&limit=1')).toMatchObject({ total: 2 });

    const res = await patchSubject(stats.id, { synonymsEn: ['Numeracy', 'Stats'], synonymsAr: ['إحصائيات'] });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminSubjectResponseSchema.parse(res.json()).subject).toMatchObject({
      synonymsEn: ['Numeracy', 'Stats'],
      synonymsAr: ['إحصائيات'],
    });
    expect(await search('search=numeracy&limit=1')).toMatchObject({ total: 3 });
    expect(await foundBy('numeracy')).toEqual(ids([...mathTeachers, statsTeacher]));
    // Normalised like every search: hamza, taa marbuta.
    expect(await foundBy('احصائيات')).toEqual(ids([statsTeacher]));
    expect(await foundBy('stat')).toEqual(ids([statsTeacher]));

    const list = await t.app.inject({ url: `/api/v1/admin/subjects?search=numeracy`, headers: admin.headers });
    expect((list.json() as { data: { id: number }[] }).data.map((s) => s.id)).toEqual([stats.id]);

    expect((await patchSubject(stats.id, { synonymsEn: [], synonymsAr: [] })).statusCode).toBe(200);
    expect(await search('search=numeracy&limit=1')).toMatchObject({ total: 2 });
    expect(await foundBy('احصائيات')).toEqual([]);
    expect(await foundBy('statistics')).toEqual(ids([statsTeacher]));
  });

  it('a subject is created with its synonyms (trimmed), and its teachers are found by them', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/subjects',
      headers: admin.headers,
      payload: { nameAr: 'علم الفلك', nameEn: 'Astronomy', synonymsAr: [' فلك '], synonymsEn: ['Stargazing '] },
    });
    expect(res.statusCode, res.body).toBe(201);
    const { subject } = adminSubjectResponseSchema.parse(res.json());
    expect(subject).toMatchObject({ synonymsAr: ['فلك'], synonymsEn: ['Stargazing'] });
    const plain = await t.app.inject({
      method: 'POST',
      url: '/api/v1/admin/subjects',
      headers: admin.headers,
      payload: { nameAr: 'الجيولوجيا', nameEn: 'Geology' },
    });
    expect(adminSubjectResponseSchema.parse(plain.json()).subject).toMatchObject({ synonymsAr: [], synonymsEn: [] });
  });

  it('only an admin edits them: 401 without a session, 403 for a student or a teacher; nothing changes', async () => {
    const student = await f.user({ roleId: ROLE.student });
    const before = await foundBy('stargaze');
    expect((await patchSubject(math.id, { synonymsEn: ['Stargaze'] }, {})).statusCode).toBe(401);
    for (const headers of [student.headers, physicsTeacher.headers]) {
      const res = await patchSubject(math.id, { synonymsEn: ['Stargaze'] }, headers);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toMatchObject({ status: 403, code: 'forbidden' });
    }
    expect(await foundBy('stargaze')).toEqual(before);
  });

  it('bad synonyms are 422 with the field and the reason; nothing changes', async () => {
    const cases: [object, Record<string, string>][] = [
      [{ synonymsEn: ['x'.repeat(41)] }, { 'synonymsEn.0': 'tooLong' }],
      [{ synonymsAr: Array.from({ length: 21 }, (_, i) => `مرادف${i}`) }, { synonymsAr: 'tooLong' }],
      [{ synonymsEn: ['ok', '   '] }, { 'synonymsEn.1': 'required' }],
      [{ synonymsEn: ['maths, algebra'] }, { 'synonymsEn.0': 'invalid' }],
      [{ synonymsAr: 'حساب' }, { synonymsAr: 'invalidType' }],
      [{ synonymsEn: [7] }, { 'synonymsEn.0': 'invalidType' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await patchSubject(math.id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json()).toEqual({ status: 422, errors });
    }
    // Exactly 20 of 40 characters each are fine.
    const twenty = Array.from({ length: 20 }, (_, i) => `${String(i).padStart(2, '0')}${'y'.repeat(38)}`);
    const full = await patchSubject(stats.id, { synonymsEn: twenty });
    expect(full.statusCode, full.body).toBe(200);
    expect(await foundBy('حساب')).toEqual(ids(mathTeachers));
  });
});
