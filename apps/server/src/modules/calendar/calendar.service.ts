import { createHash, createHmac, randomBytes } from 'node:crypto';
import { CALENDAR_FEED, type CalendarFeedResponse, type Language, type Reservation } from '@ustaz/contract';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import { HttpError } from '../../http/errors.ts';
import { feedOwner, findFeed, insertFeedIfAbsent, upsertFeed } from './calendar.repo.ts';
import { type IcsEvent, renderCalendar } from './ics.ts';

type Deps = {
  db: Db;
  /** PUBLIC_URL: the feed's address and the lesson links in it. */
  publicUrl: string;
  /** The server's secret (JWT_SECRET): the feed tokens are HMACs under a key derived from it. */
  secret: string;
  /** The booking module's booked lessons of a user ending after `since`, soonest first. */
  lessonsSince: (userId: number, since: Date, limit: number) => Promise<Reservation[]>;
  /** The server's clock (app.clock): the feed's window of the last 30 days on is counted from it. */
  clock?: Clock;
};

const DAY_MS = 86_400_000;
/** A feed file name: the 43 base64url characters of a 256-bit token, then `.ics`. */
const FEED_FILE = /^([A-Za-z0-9_-]{43})\.ics$/;

/** The feed's words in the user's language (the calendar app shows them as they are). */
const TEXTS: Record<
  Language,
  { calendar: string; lessonWith: string; teacher: string; student: string; link: string }
> = {
  ar: { calendar: 'دروسي في أستاذ', lessonWith: 'درس مع', teacher: 'المعلم', student: 'الطالب', link: 'رابط الدرس' },
  en: {
    calendar: 'My Ustaz lessons',
    lessonWith: 'Lesson with',
    teacher: 'Teacher',
    student: 'Student',
    link: 'Lesson link',
  },
};

const fullName = (person: { firstName: string; lastName: string }) => `${person.firstName} ${person.lastName}`.trim();

/**
 * The calendar feed (issue 15 "Fill your calendar"): a secret address per user that a calendar app
 * subscribes to, holding the user's booked lessons as student and as teacher.
 *
 * The token is never stored. The row keeps a random 256-bit seed and the SHA-256 of the token; the
 * token is the HMAC-SHA256 of the seed under a key derived from the server's secret, so the server
 * can show the same address again while a copy of the database alone opens no feed. A token whose
 * hash no longer matches (the secret changed) is replaced on the next call.
 */
export function createCalendarService({ db, publicUrl, secret, lessonsSince, clock = () => new Date() }: Deps) {
  const base = publicUrl.replace(/\/+$/, '');
  const host = new URL(base).hostname;
  const key = createHmac('sha256', secret).update('ustaz calendar feed token').digest();
  const tokenOf = (seed: string) => createHmac('sha256', key).update(seed).digest('base64url');
  const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
  const urlOf = (token: string): CalendarFeedResponse => ({ url: `${base}/api/v1/calendar/${token}.ics` });
  const newSeed = () => randomBytes(32).toString('base64url');

  /** A new address: the old one stops working in the same statement. */
  async function rotate(userId: number): Promise<CalendarFeedResponse> {
    const seed = newSeed();
    const token = tokenOf(seed);
    await upsertFeed(db, userId, seed, hashOf(token));
    return urlOf(token);
  }

  /** One lesson as the feed's owner sees it: titled with the other person's name. */
  function eventOf(lesson: Reservation, owner: { id: number; language: Language }): IcsEvent {
    const texts = TEXTS[owner.language];
    const teacher = fullName(lesson.teacher);
    const student = fullName(lesson.student);
    const url = `${base}/${owner.language}/lessons/${lesson.id}`;
    return {
      uid: `reservation-${lesson.id}@${host}`,
      start: new Date(lesson.startTime),
      end: new Date(lesson.endTime),
      stamp: new Date(lesson.rescheduledAt ?? lesson.createdAt),
      sequence: lesson.revision,
      summary: `${texts.lessonWith} ${lesson.student.id === owner.id ? teacher : student}`,
      description: [`${texts.teacher}: ${teacher}`, `${texts.student}: ${student}`, `${texts.link}: ${url}`].join('\n'),
      url,
    };
  }

  return {
    /** The user's feed address, made on the first call. */
    async feedUrl(userId: number): Promise<CalendarFeedResponse> {
      let row = await findFeed(db, userId);
      if (!row) {
        const seed = newSeed();
        await insertFeedIfAbsent(db, userId, seed, hashOf(tokenOf(seed)));
        row = await findFeed(db, userId);
      }
      const token = row ? tokenOf(row.seed) : null;
      return token && hashOf(token) === row?.tokenHash ? urlOf(token) : rotate(userId);
    },

    rotate,

    /** The feed behind `file` (`{token}.ics`) as iCalendar text; 404 for anything else. */
    async feed(file: string, now = clock()): Promise<string> {
      const token = FEED_FILE.exec(file)?.[1];
      const owner = token ? await feedOwner(db, hashOf(token)) : null;
      if (!owner) throw new HttpError(404, 'notFound', 'Not found');
      const since = new Date(now.getTime() - CALENDAR_FEED.pastDays * DAY_MS);
      const lessons = await lessonsSince(owner.id, since, CALENDAR_FEED.maxEvents);
      return renderCalendar({
        name: TEXTS[owner.language].calendar,
        events: lessons.map((lesson) => eventOf(lesson, owner)),
      });
    },
  };
}

export type CalendarService = ReturnType<typeof createCalendarService>;
