import { randomBytes } from 'node:crypto';
import { teacherSearchResponseSchema } from '@ustaz/contract';
import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterEach, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { openDatabase } from '../../db/client.ts';
import { createFactories, kuwaitDay, kuwaitTime } from '../../test/factories.ts';
import { createPostgresDatabase, testConfig } from '../../test/helpers.ts';
import { fundWallet } from '../../test/money.ts';
import { bookRequest, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';
import { createSearchCache } from './search-cache.ts';

afterEach(() => {
  vi.useRealTimers();
});

describe('the search cache', () => {
  it('reuses an answer until it expires or is cleared; off with a ttl of 0', async () => {
    vi.useFakeTimers();
    const cache = createSearchCache(1_000);
    const produce = vi.fn(async () => 'body');
    await cache.get('a', produce);
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(1);
    cache.clear();
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(2);
    vi.advanceTimersByTime(1_001);
    await cache.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(3);
    const off = createSearchCache(0);
    await off.get('a', produce);
    await off.get('a', produce);
    expect(produce).toHaveBeenCalledTimes(5);
  });

  it('does not keep an answer whose work started before a clear, nor a failed one', async () => {
    const cache = createSearchCache(60_000);
    let finish: (body: string) => void = () => {};
    const slow = cache.get('k', () => new Promise<string>((resolve) => (finish = resolve)));
    const shared = cache.get('k', async () => 'not asked');
    cache.clear();
    finish('old');
    expect(await slow).toBe('old');
    expect(await shared).toBe('old');
    expect(await cache.get('k', async () => 'new')).toBe('new');
    await expect(cache.get('x', () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(await cache.get('x', async () => 'back')).toBe('back');
    expect(cache.size).toBe(2);
  });
});

describe('cached searches follow every change a person makes (answers reused for a minute)', () => {
  const { t, f } = useTestApp({ searchCountCacheSeconds: 60 });
  const tomorrow = kuwaitDay(1);

  async function search(query: Record<string, string>, app: FastifyInstance = t.app) {
    const res = await app.inject({ url: `/api/teachers/search?${new URLSearchParams(query)}` });
    expect(res.statusCode, res.body).toBe(200);
    return teacherSearchResponseSchema.parse(res.json());
  }
  const ids = (page: { data: { id: number }[] }) => page.data.map((teacher) => teacher.id);

  let name: string;
  beforeAll(() => {
    name = `Zq${randomBytes(3).toString('hex')}`;
  });

  it('a slot opened, then booked, shows in and then leaves the day filter at once', async () => {
    const teacher = await f.teacher({ firstName: `${name}slot` });
    const query = { search: `${name}slot`, availableOn: tomorrow };
    expect((await search(query)).total).toBe(0);
    expect((await search(query)).total).toBe(0); // now cached

    const opened = await t.app.inject({
      method: 'POST',
      url: '/api/v1/availability/slots',
      headers: teacher.headers,
      payload: {
        startTime: kuwaitTime(tomorrow, 17).toISOString(),
        endTime: kuwaitTime(tomorrow, 18).toISOString(),
      },
    });
    expect(opened.statusCode, opened.body).toBe(200);
    expect(ids(await search(query))).toEqual([teacher.profile.id]);

    const student = await f.student();
    await fundWallet(t.database.db, student.user.id, 100_000);
    const booked = await bookRequest(t.app, student.headers, {
      timeSlotId: opened.json().id,
      paymentMethod: 'balance',
      expectedTotal: totalOf(opened.json()),
    });
    expect(booked.statusCode, booked.body).toBe(200);
    expect((await search(query)).total).toBe(0);
  });

  it("a teacher's edit shows at once", async () => {
    const teacher = await f.teacher({ firstName: `${name}edit` });
    const word = `${name}Calligraphy`;
    expect((await search({ search: word })).total).toBe(0);
    expect(ids(await search({ search: `${name}edit` }))).toEqual([teacher.profile.id]);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${teacher.profile.id}`,
      headers: { ...teacher.headers, 'accept-language': 'en' },
      payload: { bio: `I teach ${word}`, hourlyRate: '12.5' },
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(ids(await search({ search: word }))).toEqual([teacher.profile.id]);
    expect((await search({ search: `${name}edit` })).data[0]?.hourlyRate).toBe('12.500');
  });

  it('a review that is published moves the teacher into a rating filter at once', async () => {
    const teacher = await f.teacher({ firstName: `${name}review` });
    const student = await f.student();
    const lesson = await f.lessonBetween(student, teacher, 'completed');
    const query = { search: `${name}review`, minRating: '4' };
    expect((await search(query)).total).toBe(0);
    const review = (headers: Record<string, string>, type: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/reviews',
        headers,
        payload: { reservationId: lesson.id, type, rating: 5 },
      });
    expect((await review(student.headers, 'student_to_teacher')).statusCode).toBe(201);
    // Double-blind: not published yet, so not counted.
    expect((await search(query)).total).toBe(0);
    expect((await review(teacher.headers, 'teacher_to_student')).statusCode).toBe(201);
    expect(ids(await search(query))).toEqual([teacher.profile.id]);
  });

  it('a change written by other code (a sweep, an admin tool) is seen at once too', async () => {
    const teacher = await f.teacher({ firstName: `${name}sweep`, slots: [kuwaitTime(tomorrow, 9)] });
    const query = { search: `${name}sweep`, availableOn: tomorrow };
    expect(ids(await search(query))).toEqual([teacher.profile.id]);
    await t.database.db.execute(sql`update time_slots set status = 'held' where teacher_id = ${teacher.profile.id}`);
    expect((await search(query)).total).toBe(0);
    await t.database.db.execute(sql`update users set status = 'suspended' where id = ${teacher.user.id}`);
    await t.database.db.execute(sql`update time_slots set status = 'open' where teacher_id = ${teacher.profile.id}`);
    expect((await search(query)).total).toBe(0);
  });
});

describe('the database tells of changes (migration 0025)', () => {
  const { t, f } = useTestApp();

  it('before the statement that made one answers, and not for a statement that changed nothing', async () => {
    const teacher = await f.teacher({ slots: [kuwaitTime(kuwaitDay(2), 10)] });
    let heard = 0;
    const stop = t.database.onCatalogueChange(() => {
      heard += 1;
    });
    try {
      // A sweep that finds nothing to release, an update of no teacher: nothing changed.
      await t.database.db.execute(sql`update time_slots set status = 'open' where status = 'held' and false`);
      await t.database.db.execute(sql`update teacher_profiles set bio_en = 'x' where id = -1`);
      expect(heard).toBe(0);
      await t.database.db.execute(sql`update time_slots set status = 'held' where teacher_id = ${teacher.profile.id}`);
      expect(heard).toBe(1);
      // One transaction, many rows and tables: told once, at commit.
      await t.database.db.transaction(async (tx) => {
        await tx.execute(sql`update time_slots set status = 'open' where teacher_id = ${teacher.profile.id}`);
        await tx.execute(sql`update teacher_profiles set bio_en = 'y' where id = ${teacher.profile.id}`);
        expect(heard).toBe(1);
      });
      expect(heard).toBe(2);
    } finally {
      stop();
    }
  });
});

describe.runIf(inject('databaseUrl'))('two server processes on one PostgreSQL database', () => {
  it("one process's change reaches the other's cached searches through the database's notification", async () => {
    const own = await createPostgresDatabase(
      inject('databaseUrl') ?? '',
      `ustaz_test_${randomBytes(6).toString('hex')}`,
    );
    const first = await openDatabase({ kind: 'postgres', url: own.url });
    const second = await openDatabase({ kind: 'postgres', url: own.url });
    const apps: FastifyInstance[] = [];
    try {
      await first.migrate();
      for (const database of [first, second]) {
        const app = await buildApp({ config: testConfig({ searchCountCacheSeconds: 600 }), database });
        await app.ready();
        apps.push(app);
      }
      const [a, b] = apps as [FastifyInstance, FastifyInstance];
      const f = createFactories(first);
      const teacher = await f.teacher({ firstName: 'Crossproc' });
      const searchOn = async (app: FastifyInstance) =>
        teacherSearchResponseSchema.parse((await app.inject({ url: '/api/teachers/search?search=crossproc' })).json());
      expect((await searchOn(b)).data[0]?.hourlyRate).toBe('10.000');
      const edited = await a.inject({
        method: 'PATCH',
        url: `/api/teachers/profiles/${teacher.profile.id}`,
        headers: teacher.headers,
        payload: { hourlyRate: '15' },
      });
      expect(edited.statusCode, edited.body).toBe(200);
      await vi.waitFor(async () => expect((await searchOn(b)).data[0]?.hourlyRate).toBe('15.000'), {
        timeout: 2_000,
        interval: 20,
      });
    } finally {
      for (const app of apps) await app.close();
      await first.close();
      await second.close();
      await own.drop();
    }
  });
});
