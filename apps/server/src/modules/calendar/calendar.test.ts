import { createHash } from 'node:crypto';
import { CALENDAR_FEED } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import ICAL from 'ical.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { calendarFeeds } from '../../db/schema.ts';
import type { TestTeacher, TestUser } from '../../test/factories.ts';
import { testConfig } from '../../test/helpers.ts';
import { fundWallet } from '../../test/money.ts';
import { bookWithBalance, cancelRequest, pathOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/** Issue 15 "Fill your calendar": the calendar feed, through the HTTP API on either database. */

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const PUBLIC_URL = testConfig().publicUrl;
const FEED_URL = new RegExp(`^${PUBLIC_URL.replace(/\./g, '\\.')}/api/v1/calendar/[A-Za-z0-9_-]{43}\\.ics$`);

const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });

/** An Arabic teacher with a name long enough to fold, and a student whose name has every character to escape. */
const TEACHER_FIRST = 'نورة';
const TEACHER_LAST = 'الحربي بنت عبد الرحمن آل سعود';
const STUDENT_FIRST = 'Sam, "Jr"';
const STUDENT_LAST = "O'Neil; of Salmiya\\Kuwait";

let teacher: TestTeacher;
let student: TestUser;
let stranger: TestUser;
let lessons: { future: number; recent: number; old: number; cancelled: number; pending: number; booked: number };
let strangerLesson: number;

async function feedUrlOf(user: TestUser): Promise<string> {
  const res = await t.app.inject({ url: '/api/v1/calendar', headers: user.headers });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().url;
}

const fetchFeed = (url: string) => t.app.inject({ url: pathOf(url) });

/** The feed parsed by ical.js: each event's fields as a calendar app reads them. */
async function eventsOf(user: TestUser) {
  const res = await fetchFeed(await feedUrlOf(user));
  expect(res.statusCode, res.body).toBe(200);
  const calendar = new ICAL.Component(ICAL.parse(res.body));
  return calendar.getAllSubcomponents('vevent').map((component) => {
    const event = new ICAL.Event(component);
    return {
      uid: event.uid,
      summary: event.summary,
      description: event.description,
      url: String(component.getFirstPropertyValue('url')),
      start: event.startDate.toJSDate().toISOString(),
      end: event.endDate.toJSDate().toISOString(),
      startIsUtc: event.startDate.zone?.tzid === 'UTC',
    };
  });
}

const idOfUid = (uid: string) => Number(/^reservation-(\d+)@ustaz\.test$/.exec(uid)?.[1]);

beforeAll(async () => {
  teacher = await f.teacher({ firstName: TEACHER_FIRST, lastName: TEACHER_LAST });
  student = await f.student({ firstName: STUDENT_FIRST, lastName: STUDENT_LAST, language: 'en' });
  stranger = await f.student({ firstName: 'Other', lastName: 'Person' });
  const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / HOUR) * HOUR);
  const lesson = async (status: 'pending' | 'confirmed' | 'completed' | 'cancelled', start: Date) =>
    (await f.reservation({ studentId: student.user.id, teacherId: teacher.profile.id, status, start })).id;
  // One booked through the API, so it can be cancelled through the API later.
  const slot = await f.slot(teacher.profile.id, at(5 * DAY), { priceFils: 5_000 });
  await fundWallet(t.database.db, student.user.id, 5_000);
  const booked = await bookWithBalance(t.app, student.headers, slot);
  lessons = {
    future: await lesson('confirmed', at(2 * DAY)),
    recent: await lesson('completed', at(-10 * DAY)),
    old: await lesson('completed', at(-(CALENDAR_FEED.pastDays + 5) * DAY)),
    cancelled: await lesson('cancelled', at(3 * DAY)),
    pending: await lesson('pending', at(4 * DAY)),
    booked: booked.json().reservations[0].id,
  };
  const otherTeacher = await f.teacher({ firstName: 'Zaid', lastName: 'Elsewhere' });
  strangerLesson = (await f.lessonBetween(stranger, otherTeacher, 'confirmed', { start: at(2 * DAY) })).id;
});

describe('GET /api/v1/calendar', () => {
  it('needs a signed-in user', async () => {
    expect((await t.app.inject({ url: '/api/v1/calendar' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/calendar/rotate' })).statusCode).toBe(401);
  });

  it('answers the same secret address on every call and stores only its hash', async () => {
    const url = await feedUrlOf(teacher);
    expect(url).toMatch(FEED_URL);
    expect(await feedUrlOf(teacher)).toBe(url);
    const token = /\/([A-Za-z0-9_-]{43})\.ics$/.exec(url)?.[1] ?? '';
    const [row] = await t.database.db.select().from(calendarFeeds).where(eq(calendarFeeds.userId, teacher.user.id));
    expect(row?.tokenHash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
    // 256 bits of token.
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
  });

  it('gives each user their own address', async () => {
    expect(await feedUrlOf(student)).not.toBe(await feedUrlOf(teacher));
  });
});

describe('GET /api/v1/calendar/{token}.ics', () => {
  it('is iCalendar text, not cached, with no other sign-in', async () => {
    const res = await fetchFeed(await feedUrlOf(teacher));
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/calendar; charset=utf-8');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toMatch(/^BEGIN:VCALENDAR\r\n/);
    // Every line at most 75 octets, each a whole run of UTF-8 characters.
    const decoder = new TextDecoder('utf-8', { fatal: true });
    for (const line of res.rawPayload.toString('latin1').split('\r\n')) {
      const bytes = Buffer.from(line, 'latin1');
      expect(bytes.length).toBeLessThanOrEqual(75);
      expect(() => decoder.decode(bytes)).not.toThrow();
    }
  });

  it("holds the teacher's booked lessons from the last 30 days on, in Arabic, names exactly as written", async () => {
    const events = await eventsOf(teacher);
    expect(events.map((event) => idOfUid(event.uid)).sort((a, b) => a - b)).toEqual(
      [lessons.future, lessons.recent, lessons.booked].sort((a, b) => a - b),
    );
    const future = events.find((event) => idOfUid(event.uid) === lessons.future);
    const studentName = `${STUDENT_FIRST} ${STUDENT_LAST}`;
    const teacherName = `${TEACHER_FIRST} ${TEACHER_LAST}`;
    const link = `${PUBLIC_URL}/ar/lessons/${lessons.future}`;
    expect(future?.summary).toBe(`درس مع ${studentName}`);
    expect(future?.description).toBe(`المعلم: ${teacherName}\nالطالب: ${studentName}\nرابط الدرس: ${link}`);
    expect(future?.url).toBe(link);
    expect(future?.startIsUtc).toBe(true);
    const row = await t.app.inject({ url: '/api/v1/reservations?scope=upcoming', headers: teacher.headers });
    const reservation = row.json().data.find((r: { id: number }) => r.id === lessons.future);
    expect(future?.start).toBe(reservation.startTime);
    expect(future?.end).toBe(reservation.endTime);
  });

  it("holds the student's lessons in English with the Arabic teacher's name", async () => {
    const events = await eventsOf(student);
    expect(events).toHaveLength(3);
    const future = events.find((event) => idOfUid(event.uid) === lessons.future);
    expect(future?.summary).toBe(`Lesson with ${TEACHER_FIRST} ${TEACHER_LAST}`);
    expect(future?.description).toContain(`Student: ${STUDENT_FIRST} ${STUDENT_LAST}\n`);
    expect(future?.url).toBe(`${PUBLIC_URL}/en/lessons/${lessons.future}`);
  });

  it("never holds another user's lessons", async () => {
    const strangers = await eventsOf(stranger);
    expect(strangers.map((event) => idOfUid(event.uid))).toEqual([strangerLesson]);
    const teachers = await eventsOf(teacher);
    expect(teachers.map((event) => idOfUid(event.uid))).not.toContain(strangerLesson);
  });

  it('drops a lesson once it is cancelled', async () => {
    const before = await eventsOf(student);
    expect(before.map((event) => idOfUid(event.uid))).toContain(lessons.booked);
    const cancelled = await cancelRequest(t.app, teacher.headers, lessons.booked);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const after = await eventsOf(student);
    expect(after.map((event) => idOfUid(event.uid))).not.toContain(lessons.booked);
    expect(after).toHaveLength(before.length - 1);
  });

  it('is 404 for an unknown or malformed token', async () => {
    const unknown = await t.app.inject({ url: `/api/v1/calendar/${'A'.repeat(43)}.ics` });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('notFound');
    for (const file of ['nope.ics', `${'A'.repeat(43)}.txt`, 'rotate']) {
      expect((await t.app.inject({ url: `/api/v1/calendar/${file}` })).statusCode).toBe(404);
    }
  });
});

describe('POST /api/v1/calendar/rotate', () => {
  it('makes a new address and the old one stops working', async () => {
    const old = await feedUrlOf(stranger);
    expect((await fetchFeed(old)).statusCode).toBe(200);
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/calendar/rotate', headers: stranger.headers });
    expect(res.statusCode, res.body).toBe(200);
    const fresh = res.json().url;
    expect(fresh).toMatch(FEED_URL);
    expect(fresh).not.toBe(old);
    expect((await fetchFeed(old)).statusCode).toBe(404);
    expect((await fetchFeed(fresh)).statusCode).toBe(200);
    expect(await feedUrlOf(stranger)).toBe(fresh);
  });
});

describe('the feed route is rate limited per address', () => {
  const limited = useTestApp();

  it('answers 429 after 60 fetches a minute from one address', async () => {
    const url = `/api/v1/calendar/${'B'.repeat(43)}.ics`;
    const codes: number[] = [];
    for (let i = 0; i < 61; i += 1) {
      codes.push((await limited.t.app.inject({ url, remoteAddress: '10.9.8.7' })).statusCode);
    }
    expect(codes.slice(0, 60).every((code) => code === 404)).toBe(true);
    expect(codes[60]).toBe(429);
    // Another address is not held up.
    expect((await limited.t.app.inject({ url, remoteAddress: '10.9.8.8' })).statusCode).toBe(404);
  });
});

describe("the feed's window follows the server clock (app.clock)", () => {
  // The server's clock runs 20 days behind the wall clock (TEST_CLOCK_OFFSET_SECONDS).
  const shifted = useTestApp({ rateLimitMax: 1_000_000, clockOffsetSeconds: (-20 * DAY) / 1000 });

  it('counts the last 30 days from the server clock, not from the wall clock', async () => {
    const { t: app, f: make } = shifted;
    const owner = await make.teacher({ firstName: 'Clock', lastName: 'Teacher' });
    const learner = await make.student({ firstName: 'Clock', lastName: 'Student' });
    const at = (ms: number) => new Date(Math.floor((Date.now() + ms) / HOUR) * HOUR);
    const lesson = async (start: Date) =>
      (await make.reservation({ studentId: learner.user.id, teacherId: owner.profile.id, status: 'completed', start }))
        .id;
    // 40 days ago by the wall clock is 20 days ago by the server's: in the feed.
    const inside = await lesson(at(-40 * DAY));
    // 55 days ago by the wall clock is 35 days ago by the server's: out of it.
    const outside = await lesson(at(-55 * DAY));
    const res = await app.app.inject({ url: '/api/v1/calendar', headers: learner.headers });
    expect(res.statusCode, res.body).toBe(200);
    const feed = await app.app.inject({ url: pathOf(res.json().url) });
    expect(feed.statusCode, feed.body).toBe(200);
    const calendar = new ICAL.Component(ICAL.parse(feed.body));
    const ids = calendar.getAllSubcomponents('vevent').map((component) => idOfUid(new ICAL.Event(component).uid));
    expect(ids).toEqual([inside]);
    expect(ids).not.toContain(outside);
  });
});
