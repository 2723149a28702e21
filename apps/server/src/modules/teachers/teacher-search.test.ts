import { teacherSearchResponseSchema } from '@ustaz/contract';
import { beforeAll, describe, expect, it } from 'vitest';
import type { SubjectRow } from '../../db/schema.ts';
import { kuwaitDay, kuwaitTime, type TestTeacher } from '../../test/factories.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();
type SubjectKey = 'math' | 'physics' | 'english' | 'islamic' | 'biology' | 'music' | 'grade12';
type TeacherKey = 'sara' | 'ahmed' | 'noura' | 'omar' | 'suspended' | 'student';
const subject = {} as Record<SubjectKey, SubjectRow>;
const teacher = {} as Record<TeacherKey, TestTeacher>;

/**
 * One fixed world of teachers, never changed by a test, so every filter and sort can be checked
 * against the exact expected ids.
 */
beforeAll(async () => {
  subject.math = await f.subject({ nameAr: 'الرياضيات', nameEn: 'Mathematics', sortOrder: 1 });
  subject.physics = await f.subject({ nameAr: 'الفيزياء', nameEn: 'Physics', sortOrder: 2 });
  subject.english = await f.subject({ nameAr: 'اللغة الإنجليزية', nameEn: 'English Language', sortOrder: 3 });
  subject.islamic = await f.subject({ nameAr: 'التربية الإسلامية', nameEn: 'Islamic Studies', sortOrder: 4 });
  subject.biology = await f.subject({ nameAr: 'الأحياء', nameEn: 'Biology', sortOrder: 5 });
  subject.music = await f.subject({ nameAr: 'الموسيقى', nameEn: 'Music', sortOrder: 6 });
  subject.grade12 = await f.subject({ nameAr: 'الصف ١٢', nameEn: 'Grade twelve', sortOrder: 7 });

  const tomorrow = kuwaitDay(1);
  const dayAfter = kuwaitDay(2);
  teacher.sara = await f.teacher({
    firstName: 'سارة',
    lastName: 'العنزي',
    subjects: [subject.math, subject.physics],
    profile: {
      bioAr: 'معلمة رياضيات بخبرة طويلة',
      bioEn: 'Patient maths teacher',
      majorAr: 'هندسة',
      majorEn: 'Engineering',
      experienceYears: 10,
      hourlyRateFils: 15_000,
    },
    averageRating: 4.8,
    bookingsCount: 40,
    createdAt: new Date('2026-01-03T00:00:00Z'),
    slots: [kuwaitTime(tomorrow, 17)],
  });
  teacher.ahmed = await f.teacher({
    firstName: 'Ahmed',
    lastName: 'Hassan',
    subjects: [subject.english],
    profile: { bioEn: 'IELTS coach', majorEn: 'Linguistics', experienceYears: 3, hourlyRateFils: 8_500 },
    averageRating: 4.2,
    bookingsCount: 100,
    createdAt: new Date('2026-01-05T00:00:00Z'),
    slots: [kuwaitTime(dayAfter, 9)],
  });
  teacher.noura = await f.teacher({
    firstName: 'نورة',
    lastName: 'الرشيدي',
    subjects: [subject.islamic, subject.grade12],
    profile: { bioAr: 'تحفيظ وتجويد', majorAr: 'الشريعة', experienceYears: 20, hourlyRateFils: 25_000 },
    averageRating: 3.5,
    bookingsCount: 5,
    createdAt: new Date('2026-01-01T00:00:00Z'),
  });
  teacher.omar = await f.teacher({
    firstName: 'Omar',
    lastName: 'Khaled',
    subjects: [subject.biology, subject.music],
    profile: { bioEn: 'Biology and piano', experienceYears: 3, hourlyRateFils: 5_000 },
    averageRating: 0,
    bookingsCount: 0,
    createdAt: new Date('2026-01-04T00:00:00Z'),
  });
  // Omar's slot tomorrow is booked, and he had an open one yesterday: neither makes him available.
  await f.slot(teacher.omar.profile.id, kuwaitTime(tomorrow, 18), { status: 'booked' });
  await f.slot(teacher.omar.profile.id, kuwaitTime(kuwaitDay(-1), 18));
  // Never listed: a suspended teacher and a student who somehow has a profile.
  teacher.suspended = await f.teacher({
    firstName: 'Hidden',
    lastName: 'Suspended',
    status: 'suspended',
    subjects: [subject.math],
    averageRating: 5,
    bookingsCount: 999,
    slots: [kuwaitTime(tomorrow, 19)],
  });
  teacher.student = await f.teacher({
    firstName: 'Hidden',
    lastName: 'Student',
    roleId: 3,
    subjects: [subject.math],
    averageRating: 5,
  });
});

const listed = () => [teacher.sara, teacher.ahmed, teacher.noura, teacher.omar].map((x) => x.profile.id);

async function search(query: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ url: `/api/teachers/search${query ? `?${query}` : ''}`, headers });
  expect(res.statusCode, res.body).toBe(200);
  return teacherSearchResponseSchema.parse(res.json());
}

async function ids(query: string) {
  return (await search(query)).data.map((x) => x.id);
}

const q = (value: string) => encodeURIComponent(value);

describe('teacher search: listing, shape and language', () => {
  it('lists only active teachers (role 2) with the paging envelope', async () => {
    const body = await search('limit=50');
    expect(body.data.map((x) => x.id).sort()).toEqual(listed().sort());
    expect(body).toMatchObject({ total: 4, page: 1, limit: 50, totalPages: 1 });
  });

  it('answers in the request language, falling back to the other one', async () => {
    const id = teacher.sara.profile.id;
    const ar = (await search(`search=${q('سارة')}`)).data.find((x) => x.id === id);
    expect(ar).toMatchObject({
      bio: 'معلمة رياضيات بخبرة طويلة',
      major: 'هندسة',
      hourlyRate: '15.000',
      experienceYears: 10,
      averageRating: 4.8,
      bookingsCount: 40,
      user: { firstName: 'سارة', lastName: 'العنزي', photo: null },
      subjects: [
        { id: subject.math.id, name: 'الرياضيات' },
        { id: subject.physics.id, name: 'الفيزياء' },
      ],
    });
    const en = (await search(`search=${q('سارة')}&lang=en`)).data.find((x) => x.id === id);
    expect(en).toMatchObject({
      bio: 'Patient maths teacher',
      subjects: [{ name: 'Mathematics' }, { name: 'Physics' }],
    });
    const accept = (await search(`search=Ahmed`, { 'accept-language': 'ar' })).data[0];
    expect(accept?.bio).toBe('IELTS coach'); // no Arabic bio: the English one
    expect(accept?.subjects[0]?.name).toBe('اللغة الإنجليزية');
  });
});

describe('teacher search: text, normalised the same way at index and query time', () => {
  it.each([
    ['Mathematics', 'sara'],
    ['mathematics', 'sara'],
    ['MATH', 'sara'],
    ['الرياضيات', 'sara'],
    ['رياضيات', 'sara'],
    ['الرِّيَاضِيَّات', 'sara'], // diacritics
    ['رياضـــيات', 'sara'], // tatweel
    ['ساره', 'sara'], // ة written ه
    ['سارة العنزي', 'sara'],
    ['engineering', 'sara'], // major
    ['هندسه', 'sara'], // major, ة/ه
    ['patient', 'sara'], // bio
    ['physics سارة', 'sara'], // words in two languages
    ['اللغة الإنجليزية', 'ahmed'],
    ['اللغه الانجليزيه', 'ahmed'], // إ written ا, ة written ه
    ['english', 'ahmed'],
    ['ielts', 'ahmed'],
    ['hassan', 'ahmed'],
    ['الاسلامية', 'noura'], // إ written ا
    ['التربيه الإسلاميه', 'noura'],
    ['نوره', 'noura'],
    ['12', 'noura'], // ١٢ indexed
    ['١٢', 'noura'], // Arabic-Indic digits
    ['۱۲', 'noura'], // Persian digits
    ['الاحياء', 'omar'], // أ written ا
    ['الأحياء', 'omar'],
    ['الموسيقي', 'omar'], // ى written ي
    ['الموسيقى', 'omar'],
    ['Músic', 'omar'], // Latin accents
  ])('%s finds %s', async (text, who) => {
    expect(await ids(`search=${q(text)}`)).toEqual([teacher[who as TeacherKey].profile.id]);
  });

  it('needs every word: physics with another teacher’s name finds nobody', async () => {
    expect(await ids(`search=${q('physics ahmed')}`)).toEqual([]);
  });

  it('an empty search is no filter', async () => {
    expect((await search('search=')).total).toBe(4);
    expect((await search(`search=${q('   ')}`)).total).toBe(4);
  });

  it('a punctuation-only search matches nothing (never all teachers)', async () => {
    for (const text of [' ، ! ', '؟', '%', '🙂', '...']) {
      const answer = await search(`search=${q(text)}`);
      expect({ text, total: answer.total, data: answer.data }).toEqual({ text, total: 0, data: [] });
    }
  });

  it('never finds a suspended teacher or a non-teacher', async () => {
    expect(await ids(`search=${q('hidden')}`)).toEqual([]);
  });
});

describe('teacher search: filters', () => {
  it('minExperience', async () => {
    expect((await ids('minExperience=10&limit=50')).sort()).toEqual(
      [teacher.sara, teacher.noura].map((x) => x.profile.id).sort(),
    );
    expect(await ids('minExperience=21')).toEqual([]);
  });

  it('maxHourlyRate in KWD, inclusive, decimals allowed', async () => {
    expect((await ids('maxHourlyRate=8.5')).sort()).toEqual(
      [teacher.ahmed, teacher.omar].map((x) => x.profile.id).sort(),
    );
    expect(await ids('maxHourlyRate=8.499')).toEqual([teacher.omar.profile.id]);
    expect(await ids('maxHourlyRate=0')).toEqual([]);
  });

  it('minRating', async () => {
    expect((await ids('minRating=4.2')).sort()).toEqual([teacher.sara, teacher.ahmed].map((x) => x.profile.id).sort());
    expect(await ids('minRating=4.9')).toEqual([]);
  });

  it('availableOn: an open slot starting that Kuwait day, still ahead', async () => {
    expect(await ids(`availableOn=${kuwaitDay(1)}`)).toEqual([teacher.sara.profile.id]);
    expect(await ids(`availableOn=${kuwaitDay(2)}`)).toEqual([teacher.ahmed.profile.id]);
    expect(await ids(`availableOn=${kuwaitDay(-1)}`)).toEqual([]); // Omar's open slot is in the past
    expect(await ids(`availableOn=${kuwaitDay(5)}`)).toEqual([]);
  });

  it('subjects[] by id, by name in either language and spelling, any of several', async () => {
    const math = subject.math.id;
    const sara = teacher.sara.profile.id;
    expect(await ids(`subjects[]=${math}`)).toEqual([sara]);
    expect(await ids(`subjects=${math}`)).toEqual([sara]);
    expect(await ids(`subjects[]=${q('الرياضيات')}`)).toEqual([sara]);
    expect(await ids(`subjects[]=${q('رياضيات')}`)).toEqual([sara]);
    expect(await ids(`subjects[]=${q('Math')}`)).toEqual([sara]);
    expect(await ids(`subjects[]=${q('الموسيقي')}`)).toEqual([teacher.omar.profile.id]);
    expect((await ids(`subjects[]=${subject.english.id}&subjects[]=${q('الاحياء')}`)).sort()).toEqual(
      [teacher.ahmed, teacher.omar].map((x) => x.profile.id).sort(),
    );
  });

  it('subjects[] with one empty value (the client’s empty list) is no filter', async () => {
    expect((await search('subjects[]=')).total).toBe(4);
    expect((await search('subjects[]=&subjects[]=%20')).total).toBe(4);
  });

  it('subjects[] that match nothing find nobody', async () => {
    expect(await ids(`subjects[]=${q('astrophysics')}`)).toEqual([]);
    expect(await ids('subjects[]=999999')).toEqual([]);
    expect(await ids('subjects[]=99999999999999999999')).toEqual([]);
  });

  it('combines filters with AND', async () => {
    expect(await ids(`subjects[]=${subject.physics.id}&minExperience=11`)).toEqual([]);
    expect(await ids(`search=${q('english')}&maxHourlyRate=9&minRating=4&availableOn=${kuwaitDay(2)}`)).toEqual([
      teacher.ahmed.profile.id,
    ]);
  });
});

describe('teacher search: sorting and paging', () => {
  const order = (...names: string[]) => names.map((name) => teacher[name as TeacherKey].profile.id);

  it.each([
    ['sortBy=averageRating&sortOrder=DESC', ['sara', 'ahmed', 'noura', 'omar']],
    ['sortBy=averageRating&sortOrder=asc', ['omar', 'noura', 'ahmed', 'sara']],
    ['sortBy=hourlyRate&sortOrder=ASC', ['omar', 'ahmed', 'sara', 'noura']],
    ['sortBy=bookingsCount&sortOrder=DESC', ['ahmed', 'sara', 'noura', 'omar']],
    ['sortBy=createdAt&sortOrder=DESC', ['ahmed', 'omar', 'sara', 'noura']],
    // Ahmed and Omar both have 3 years: ties go by id in the same direction.
    ['sortBy=experience&sortOrder=DESC', ['noura', 'sara', 'omar', 'ahmed']],
    ['sortBy=experience&sortOrder=ASC', ['ahmed', 'omar', 'sara', 'noura']],
    ['', ['sara', 'ahmed', 'noura', 'omar']],
  ])('%s', async (query, expected) => {
    expect(await ids(`${query}&limit=50`)).toEqual(order(...expected));
  });

  it('mostFamous: rating 4 or more, best first', async () => {
    expect(await ids('mostFamous=true')).toEqual(order('sara', 'ahmed'));
    expect(await ids('mostFamous=true&minRating=4.5')).toEqual(order('sara'));
    expect((await search('mostFamous=false')).total).toBe(4);
  });

  it('mostBooked: most bookings first', async () => {
    expect(await ids('mostBooked=true')).toEqual(order('ahmed', 'sara', 'noura', 'omar'));
    // The home page's two calls (spec 7).
    expect(await ids('minRating=4&sortBy=averageRating&sortOrder=DESC&limit=10')).toEqual(order('sara', 'ahmed'));
  });

  it('pages with total and totalPages; a page past the end is empty with the right total', async () => {
    const base = 'sortBy=hourlyRate&sortOrder=ASC&limit=3';
    const first = await search(`${base}&page=1`);
    const second = await search(`${base}&page=2`);
    const beyond = await search(`${base}&page=3`);
    expect(first).toMatchObject({ total: 4, page: 1, limit: 3, totalPages: 2 });
    expect(first.data.map((x) => x.id)).toEqual(order('omar', 'ahmed', 'sara'));
    expect(second.data.map((x) => x.id)).toEqual(order('noura'));
    expect(beyond).toMatchObject({ data: [], total: 4, page: 3, totalPages: 2 });
    expect(await search('page=10000&limit=50')).toMatchObject({ data: [], total: 4, page: 10000 });
  });

  it('defaults to page 1 and 10 per page', async () => {
    expect(await search('')).toMatchObject({ page: 1, limit: 10, total: 4, totalPages: 1 });
  });
});

describe('teacher search: hostile query strings are 422 or an empty result, never 5xx', () => {
  it.each([
    'search[]=a&search[]=b',
    'search=x&search=y',
    `search=${'a'.repeat(101)}`,
    'page=0',
    'page=-1',
    'page=1e309',
    'page=99999999999999999999',
    'page=1.5',
    'limit=0',
    'limit=51',
    'limit=abc',
    'minExperience=1e400',
    'minExperience=-1',
    'maxHourlyRate=Infinity',
    'maxHourlyRate=1e12',
    'minRating=NaN',
    'minRating=6',
    'sortBy=password',
    'sortBy=id;drop table users',
    'sortOrder=sideways',
    'availableOn=2026-02-30',
    'availableOn=tomorrow',
    'availableOn[]=2026-01-01',
    'mostFamous=maybe',
    'lang=fr',
  ])('%s -> 422', async (query) => {
    const res = await t.app.inject({ url: `/api/teachers/search?${query}` });
    expect(res.statusCode, res.body).toBe(422);
    expect(res.json()).toMatchObject({ status: 422, errors: expect.any(Object) });
  });

  it.each([
    `search=${q("' OR 1=1 --")}`,
    `search=${q('%')}`,
    `search=${q('_')}`,
    `search=${q('\\')}`,
    'search=%00',
    `search=${q('"; drop table teacher_profiles; --')}`,
    '__proto__[x]=1',
    '__proto__=1&constructor=2&prototype[]=3',
    `subjects[]=${q("'); delete from subjects; --")}`,
    'subjects[]=%00',
    'subjects[]=0',
    'subjects[]=-1',
    'availableOn=0000-01-01',
    'availableOn=1900-01-01',
    'availableOn=9999-12-31',
    'maxHourlyRate=0.0000001',
    `subjects[]=${Array.from({ length: 50 }, (_, i) => i).join('&subjects[]=')}`,
  ])('%s -> 200', async (query) => {
    const res = await t.app.inject({ url: `/api/teachers/search?${query}` });
    expect(res.statusCode, res.body).toBe(200);
    teacherSearchResponseSchema.parse(res.json());
  });

  it('answers hundreds of distinct query shapes', async () => {
    for (let names = 1; names <= 20; names++) {
      for (let words = 1; words <= 8; words++) {
        for (const extra of ['', '&minExperience=1']) {
          const value = Array.from({ length: words }, (_, i) => `w${i}`).join('+');
          const query = Array.from({ length: names }, () => `subjects[]=${value}`).join('&');
          // Each from its own address: the API's per-address limit is 300 a minute.
          const remoteAddress = `10.1.${names}.${words * 2 + (extra ? 1 : 0)}`;
          const res = await t.app.inject({ url: `/api/teachers/search?${query}${extra}`, remoteAddress });
          expect(res.statusCode).toBe(200);
        }
      }
    }
  });

  it('the hostile strings changed nothing', async () => {
    expect((await search('limit=50')).total).toBe(4);
    expect(({} as Record<string, unknown>).x).toBeUndefined();
  });
});
