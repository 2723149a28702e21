import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications, reviews, users } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { fundWallet } from '../../test/money.ts';
import { bookRequest, cancelRequest, totalOf } from '../../test/requests.ts';
import { useWebDistApp } from '../../test/web-dist.ts';

/**
 * Names in the page's language (issue 17, ADR 020): every view of another person gives the name
 * they spelled for the request's language, and the name as written where they gave none.
 */
const { t, f } = useWebDistApp();

let fahad: TestTeacher;
let emily: TestTeacher;
let student: TestUser;

async function spell(userId: number, values: Partial<typeof users.$inferInsert>) {
  await t.database.db.update(users).set(values).where(eq(users.id, userId));
}

beforeAll(async () => {
  const maths = await f.subject({ nameAr: 'رياضيات', nameEn: 'Maths' });
  fahad = await f.teacher({ firstName: 'فهد', lastName: 'الكندري', subjects: [maths], averageRating: 5 });
  // Through the profile call, as a teacher does (which also re-indexes the search text).
  const spelled = await t.app.inject({
    method: 'PATCH',
    url: '/api/v1/auth/me',
    headers: fahad.headers,
    payload: { firstNameEn: 'Fahad', lastNameEn: 'Al-Kandari' },
  });
  expect(spelled.statusCode).toBe(200);
  emily = await f.teacher({ firstName: 'Emily', lastName: 'Carter', subjects: [maths], averageRating: 4 });
  await spell(emily.user.id, { firstNameAr: 'إميلي', lastNameAr: 'كارتر' });
  await f.teacher({ firstName: 'نورة', lastName: 'الرشيدي', subjects: [maths], averageRating: 3 });
  student = await f.student({ firstName: 'Mariam', lastName: 'Hassan' });
  await spell(student.user.id, { firstNameAr: 'مريم', lastNameAr: 'حسن' });
  // A published review of Fahad by the student (both sides reviewed).
  const reservation = await f.lessonBetween(student, fahad, 'completed');
  await t.database.db.insert(reviews).values([
    {
      reservationId: reservation.id,
      type: 'teacher_to_student',
      rating: 5,
      language: 'en',
      teacherId: fahad.profile.id,
      studentId: student.user.id,
    },
    {
      reservationId: reservation.id,
      type: 'student_to_teacher',
      rating: 5,
      language: 'en',
      teacherId: fahad.profile.id,
      studentId: student.user.id,
      comment: 'Great teacher',
    },
  ]);
});

const namesOf = (data: { user: { firstName: string; lastName: string } }[]) =>
  data.map((teacher) => `${teacher.user.firstName} ${teacher.user.lastName}`);

describe('names in the page language', () => {
  it('teacher search: the spelling for the language where given, the written name otherwise', async () => {
    const search = async (lang: string) => {
      const res = await t.app.inject({ url: `/api/teachers/search?sort=averageRating&order=desc&lang=${lang}` });
      expect(res.statusCode).toBe(200);
      return namesOf((res.json() as { data: { user: { firstName: string; lastName: string } }[] }).data);
    };
    expect(await search('en')).toEqual(['Fahad Al-Kandari', 'Emily Carter', 'نورة الرشيدي']);
    expect(await search('ar')).toEqual(['فهد الكندري', 'إميلي كارتر', 'نورة الرشيدي']);
  });

  it('a teacher found by the spelling of their name', async () => {
    const res = await t.app.inject({ url: '/api/teachers/search?search=Kandari&lang=en' });
    expect((res.json() as { data: { id: number }[] }).data.map((x) => x.id)).toEqual([fahad.profile.id]);
  });

  it('the teacher page and its head', async () => {
    const en = await t.app.inject({ url: `/api/teachers/profiles/${emily.profile.id}?lang=ar` });
    expect(en.json()).toMatchObject({ user: { firstName: 'إميلي', lastName: 'كارتر' } });
    const page = await t.app.inject({ url: `/en/teachers/${fahad.profile.id}` });
    expect(page.body).toMatch(/<title>Fahad Al-Kandari, Maths teacher · [^<]*<\/title>/);
    const arPage = await t.app.inject({ url: `/ar/teachers/${fahad.profile.id}` });
    expect(arPage.body).toMatch(/<title>فهد الكندري، /);
  });

  it("reviews name the teacher and the student in the page's language", async () => {
    const read = async (lang: string) => {
      const res = await t.app.inject({ url: `/api/reviews/for-teacher/${fahad.profile.id}?lang=${lang}` });
      expect(res.statusCode).toBe(200);
      const [review] = res.json() as { teacherName: string; studentName: string }[];
      return review;
    };
    expect(await read('en')).toMatchObject({ teacherName: 'Fahad Al-Kandari', studentName: 'Mariam Hassan' });
    expect(await read('ar')).toMatchObject({ teacherName: 'فهد الكندري', studentName: 'مريم حسن' });
  });

  it('chats and reservations name the other party in the request language', async () => {
    await t.app.inject({ url: `/api/v1/chats/with/${fahad.user.id}`, headers: student.headers });
    const chats = await t.app.inject({ url: '/api/v1/chats?lang=en', headers: student.headers });
    expect(chats.json()).toMatchObject({ data: [{ otherUser: { firstName: 'Fahad', lastName: 'Al-Kandari' } }] });
    const asTeacher = await t.app.inject({
      url: `/api/v1/chats/with/${student.user.id}`,
      headers: { ...fahad.headers, 'accept-language': 'ar' },
    });
    expect(asTeacher.json()).toMatchObject({ otherUser: { firstName: 'مريم', lastName: 'حسن' } });
    const reservations = await t.app.inject({
      url: '/api/v1/reservations?scope=past',
      headers: { ...fahad.headers, 'accept-language': 'ar' },
    });
    expect(reservations.json()).toMatchObject({
      data: [{ student: { firstName: 'مريم' }, teacher: { firstName: 'فهد' } }],
    });
    const inEnglish = await t.app.inject({
      url: '/api/v1/reservations?scope=past',
      headers: { ...student.headers, 'accept-language': 'en' },
    });
    expect(inEnglish.json()).toMatchObject({
      data: [{ student: { firstName: 'Mariam' }, teacher: { firstName: 'Fahad', lastName: 'Al-Kandari' } }],
    });
  });
});

describe("notifications name the other person in the reader's language", () => {
  it('booked and cancelled: the teacher reads the student in Arabic, the student the teacher in English', async () => {
    const reader = await f.student({ firstName: 'Mariam', lastName: 'Hassan', language: 'en' });
    await spell(reader.user.id, { firstNameAr: 'مريم', lastNameAr: 'حسن' });
    await spell(fahad.user.id, { language: 'ar' });
    await fundWallet(t.database.db, reader.user.id, 10_000);
    const slot = await f.slot(fahad.profile.id, new Date(Date.now() + 72 * 3600_000), { priceFils: 5_000 });
    const booked = await bookRequest(
      t.app,
      { ...reader.headers, 'accept-language': 'en' },
      { timeSlotId: slot.id, paymentMethod: 'balance', expectedTotal: totalOf(slot) },
    );
    expect(booked.statusCode).toBe(200);
    // The booking's own answer names the teacher in the request's language too.
    expect(booked.json()).toMatchObject({
      reservations: [{ teacher: { firstName: 'Fahad', lastName: 'Al-Kandari' } }],
    });
    const reservationId = (booked.json() as { reservations: { id: number }[] }).reservations[0]?.id ?? 0;
    expect((await cancelRequest(t.app, fahad.headers, reservationId)).statusCode).toBe(200);
    const dataOf = async (userId: number, type: 'booking.received' | 'booking.cancelled' | 'booking.confirmed') =>
      (
        await t.database.db
          .select()
          .from(notifications)
          .where(and(eq(notifications.userId, userId), eq(notifications.type, type)))
      ).map((row) => row.data);
    expect(await dataOf(fahad.user.id, 'booking.received')).toMatchObject([{ studentName: 'مريم حسن' }]);
    expect(await dataOf(reader.user.id, 'booking.confirmed')).toMatchObject([{ teacherName: 'Fahad Al-Kandari' }]);
    expect(await dataOf(reader.user.id, 'booking.cancelled')).toMatchObject([{ teacherName: 'Fahad Al-Kandari' }]);

    // Issue 30 item 6: the list names them as spelled for the page's language, whatever the reader's account says.
    const listed = async (who: TestUser, language: 'ar' | 'en') => {
      const res = await t.app.inject({
        url: '/api/notifications',
        headers: { ...who.headers, 'accept-language': language },
      });
      expect(res.statusCode).toBe(200);
      const data = (res.json() as { data: { type: string; data: Record<string, unknown> }[] }).data;
      return Object.fromEntries(
        data.map((notice) => [notice.type, notice.data.teacherName ?? notice.data.studentName]),
      );
    };
    expect(await listed(reader, 'ar')).toMatchObject({
      'booking.confirmed': 'فهد الكندري',
      'booking.cancelled': 'فهد الكندري',
    });
    expect(await listed(reader, 'en')).toMatchObject({
      'booking.confirmed': 'Fahad Al-Kandari',
      'booking.cancelled': 'Fahad Al-Kandari',
    });
    expect(await listed(fahad, 'en')).toMatchObject({ 'booking.received': 'Mariam Hassan' });
    expect(await listed(fahad, 'ar')).toMatchObject({ 'booking.received': 'مريم حسن' });
  });
});

describe('PATCH /api/v1/auth/me: the name spelled for each language', () => {
  const patch = (who: TestUser, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PATCH', url: '/api/v1/auth/me', headers: who.headers, payload });
  /** The four name fields: first and last name in English, then in Arabic. */
  const spellings = ([firstNameEn, lastNameEn]: [string, string], [firstNameAr, lastNameAr]: [string, string]) => ({
    firstNameEn,
    lastNameEn,
    firstNameAr,
    lastNameAr,
  });

  it('stores both spellings, gives them back on /auth/me, and null clears one', async () => {
    const me = await f.student({ firstName: 'سعود', lastName: 'المطيري' });
    const res = await patch(me, spellings(['Saud', 'Al-Mutairi'], ['سعود', 'المطيري']));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      firstName: 'سعود',
      firstNameEn: 'Saud',
      lastNameEn: 'Al-Mutairi',
      firstNameAr: 'سعود',
      lastNameAr: 'المطيري',
    });
    const read = await t.app.inject({ url: '/api/v1/auth/me', headers: me.headers });
    expect(read.json()).toMatchObject({ firstNameEn: 'Saud', lastNameEn: 'Al-Mutairi' });
    const cleared = await patch(me, { firstNameAr: null, lastNameAr: null });
    expect(cleared.json()).toMatchObject({ firstNameAr: null, lastNameAr: null, firstNameEn: 'Saud' });
  });

  it('a teacher who adds an English spelling is found and shown by it', async () => {
    const teacher = await f.teacher({ firstName: 'حصة', lastName: 'الشمري' });
    expect((await patch(teacher, { firstNameEn: 'Hessa', lastNameEn: 'Al-Shammari' })).statusCode).toBe(200);
    const found = await t.app.inject({ url: '/api/teachers/search?search=Hessa&lang=en' });
    expect(namesOf((found.json() as { data: { user: { firstName: string; lastName: string } }[] }).data)).toEqual([
      'Hessa Al-Shammari',
    ]);
  });

  it('422 for the wrong script, a half pair or a too long name', async () => {
    const me = await f.student();
    const cases: [Record<string, unknown>, Record<string, string>][] = [
      [{ firstNameEn: 'سعود', lastNameEn: 'Smith' }, { firstNameEn: 'notLatinScript' }],
      [{ firstNameAr: 'Saud', lastNameAr: 'المطيري' }, { firstNameAr: 'notArabicScript' }],
      [{ firstNameAr: 'سعود', lastNameAr: 'Al1' }, { lastNameAr: 'notArabicScript' }],
      [{ firstNameEn: 'Saud' }, { lastNameEn: 'required' }],
      [{ lastNameAr: 'المطيري' }, { firstNameAr: 'required' }],
      [{ firstNameEn: 'Saud', lastNameEn: null }, { lastNameEn: 'required' }],
      [{ firstNameEn: '  ', lastNameEn: 'Smith' }, { firstNameEn: 'required' }],
      [{ firstNameEn: 'A'.repeat(61), lastNameEn: 'Smith' }, { firstNameEn: 'tooLong' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await patch(me, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json(), JSON.stringify(payload)).toMatchObject({ status: 422, errors });
    }
    const [row] = await t.database.db.select().from(users).where(eq(users.id, me.user.id));
    expect(row).toMatchObject({ firstNameAr: null, lastNameAr: null, firstNameEn: null, lastNameEn: null });
  });

  it('a deleted account keeps no spelling of its name', async () => {
    const leaving = await f.student({ provider: 'google', googleSub: `g-${Date.now()}` });
    expect((await patch(leaving, { firstNameEn: 'Saud', lastNameEn: 'Smith' })).statusCode).toBe(200);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: '/api/v1/auth/me',
      headers: leaving.headers,
      payload: {},
    });
    expect(deleted.statusCode).toBe(200);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, leaving.user.id));
    expect(row).toMatchObject({ firstName: 'Deleted', firstNameEn: null, lastNameEn: null, firstNameAr: null });
  });

  it("accepts accents, hyphens and apostrophes in English and the Arabic letters' marks", async () => {
    const me = await f.student();
    const res = await patch(me, spellings(['Zoë-Anne', "O'Neil"], ['عبدُالله', 'آل-صباح']));
    expect(res.statusCode).toBe(200);
  });
});
