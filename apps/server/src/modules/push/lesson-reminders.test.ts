import { randomUUID } from 'node:crypto';
import type { PushPayload } from '@ustaz/contract';
import { eq, inArray } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import type { Database } from '../../db/client.ts';
import { lessonReminders, mailOutbox, reservations } from '../../db/schema.ts';
import { createFactories } from '../../test/factories.ts';
import { createTestDatabase, testConfig, unusedPort } from '../../test/helpers.ts';
import { createBrowserKeys, startFakePushService } from '../../test/push-endpoint.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;

/**
 * Two app instances (two server processes) on one database run the reminder job at the same
 * moments: every reminder goes exactly once, by push to the subscribed student and by mail to the
 * teacher who has no device.
 */
describe('lesson reminders across two processes', () => {
  let database: Database;
  let apps: FastifyInstance[] = [];
  let pushService: Awaited<ReturnType<typeof startFakePushService>>;
  let f: ReturnType<typeof createFactories>;
  const bothApps = () => {
    const [first, second] = apps;
    if (!first || !second) throw new Error('two apps');
    return [first, second] as const;
  };

  beforeAll(async () => {
    const port = await unusedPort();
    pushService = await startFakePushService(port);
    database = await createTestDatabase();
    f = createFactories(database);
    const config = testConfig({ push: { ...testConfig().push, extraHosts: [`127.0.0.1:${port}`] } });
    apps = [await buildApp({ config, database }), await buildApp({ config, database })];
    await Promise.all(apps.map((app) => app.ready()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await database.close();
    await pushService.close();
  });

  it('sends the day-before and the 10-minute reminders once each, to each party, by push or else by mail', async () => {
    const [first, second] = bothApps();
    const student = await f.student();
    const teacher = await f.teacher();
    const browser = createBrowserKeys();
    const device = randomUUID();
    const subscribed = await first.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: student.headers,
      payload: { endpoint: pushService.endpoint(device), keys: browser.keys },
    });
    expect(subscribed.statusCode).toBe(200);

    const now = new Date();
    const soon = await f.lessonBetween(student, teacher, 'confirmed', { start: new Date(now.getTime() + 8 * MINUTE) });
    const tomorrow = await f.lessonBetween(student, teacher, 'confirmed', {
      start: new Date(now.getTime() + 20 * HOUR),
      createdAt: new Date(now.getTime() - 3 * 24 * HOUR),
    });
    // Booked 5 hours ahead: no day-before reminder; and a cancelled lesson gets none at all.
    const lastMinute = await f.lessonBetween(student, teacher, 'confirmed', {
      start: new Date(now.getTime() + 5 * HOUR),
    });
    const otherTeacher = await f.teacher();
    const cancelled = await f.lessonBetween(student, otherTeacher, 'cancelled', {
      start: new Date(now.getTime() + 9 * MINUTE),
    });

    // Both processes, several rounds, all at once.
    const rounds = await Promise.all(
      [first, second, first, second, second, first].map((app) => app.push.sendLessonReminders(now)),
    );
    expect(rounds.reduce((sum, n) => sum + n, 0)).toBe(4);
    // Later rounds (a restart, the next tick) send nothing more.
    expect(await first.push.sendLessonReminders(new Date(now.getTime() + MINUTE))).toBe(0);
    expect(await second.push.sendLessonReminders(new Date(now.getTime() + MINUTE))).toBe(0);

    const pushes = pushService.received.filter((push) => push.path === `/push/${device}`);
    const payloads = pushes.map((push) => JSON.parse(browser.decrypt(push.body)) as PushPayload);
    expect(payloads.map((payload) => payload.tag).sort()).toEqual([
      `reminder-${soon.id}-soon`,
      `reminder-${tomorrow.id}-day`,
    ]);
    expect(payloads.find((payload) => payload.tag === `reminder-${soon.id}-soon`)).toMatchObject({
      kind: 'lessonReminder',
      title: 'يبدأ درسك بعد ١٠ دقائق',
      url: `/ar/lessons/${soon.id}`,
    });

    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, teacher.user.email));
    expect(mails.map((mail) => mail.subject).sort()).toEqual(['تذكير بدرسك القادم', 'يبدأ درسك بعد ١٠ دقائق']);
    expect(mails.find((mail) => mail.subject === 'يبدأ درسك بعد ١٠ دقائق')?.text).toContain(`/ar/lessons/${soon.id}`);
    expect(await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.user.email))).toEqual([]);

    const claims = await database.db
      .select()
      .from(lessonReminders)
      .where(inArray(lessonReminders.reservationId, [soon.id, tomorrow.id, lastMinute.id, cancelled.id]));
    expect(claims.map((row) => `${row.reservationId}:${row.kind}:${row.channel}`).sort()).toEqual(
      [`${soon.id}:soon:push`, `${soon.id}:soon:mail`, `${tomorrow.id}:day:push`, `${tomorrow.id}:day:mail`].sort(),
    );
  });

  it('a subscribed user whose only device is gone (410) gets the reminder by mail instead, still once', async () => {
    const [first, second] = bothApps();
    const student = await f.student();
    const teacher = await f.teacher();
    const device = randomUUID();
    pushService.answer(`/push/${device}`, 410);
    await first.inject({
      method: 'POST',
      url: '/api/v1/push/subscriptions',
      headers: student.headers,
      payload: { endpoint: pushService.endpoint(device), keys: createBrowserKeys().keys },
    });
    const now = new Date();
    const lesson = await f.lessonBetween(student, teacher, 'confirmed', {
      start: new Date(now.getTime() + 5 * MINUTE),
    });
    await Promise.all([first.push.sendLessonReminders(now), second.push.sendLessonReminders(now)]);
    const mails = await database.db.select().from(mailOutbox).where(eq(mailOutbox.to, student.user.email));
    expect(mails.map((mail) => mail.subject)).toEqual(['يبدأ درسك بعد ١٠ دقائق']);
    const [claim] = await database.db.select().from(lessonReminders).where(eq(lessonReminders.userId, student.user.id));
    expect(claim).toMatchObject({ reservationId: lesson.id, kind: 'soon', channel: 'mail' });
    const [row] = await database.db.select().from(reservations).where(eq(reservations.id, lesson.id));
    expect(row?.status).toBe('confirmed');
  });
});
