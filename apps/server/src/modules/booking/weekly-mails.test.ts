import { describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import type { TestUser } from '../../test/factories.ts';
import { fundWallet } from '../../test/money.ts';
import { bookWithBalance, totalOf } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * Issue 32: "both parties are notified and mailed in their own language and zone". Each notice of
 * the weekly habit (a student's move, a teacher's proposal, its acceptance and its refusal, a
 * weekly charge that failed, its release) queues one mail per party told, in the same transaction,
 * in that party's language, its times in that party's zone (users.time_zone; none: Kuwait time).
 * PGlite and PostgreSQL.
 */
const HOUR = 3_600_000;
const WEEK = 7 * 24 * HOUR;
const { t: ctx, f } = useTestApp({ rateLimitMax: 1_000_000 });

const query = (text: string, values: unknown[] = []) => rawQueryOf(ctx.database.db)(text, values);
/** A whole UTC hour `hours` from now, so the local hours the mails show are known. */
const hourFrom = (hours: number) => new Date(Math.ceil(Date.now() / HOUR) * HOUR + hours * HOUR);

const ARABIC_DIGITS = '٠١٢٣٤٥٦٧٨٩';
const arabic = (n: number) => [...String(n)].map((digit) => ARABIC_DIGITS[Number(digit)]).join('');
/** How an Arabic (ar-KW) mail writes the hour of `date` in Kuwait (UTC+3, no daylight saving): '٦:٠٠ م'. */
function kuwaitArabicHour(date: Date) {
  const hour = (date.getUTCHours() + 3) % 24;
  return `${arabic(hour % 12 || 12)}:${arabic(0)}${arabic(0)} ${hour < 12 ? 'ص' : 'م'}`;
}
/** How an English (en-GB) mail writes the hour of `date` in London: '15:00' (GMT) or '16:00' (BST). */
function londonHour(date: Date) {
  const hour = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/London', hour: '2-digit', hourCycle: 'h23' })
    .format(date)
    .padStart(2, '0');
  return `${hour}:00`;
}

/** A student reading Arabic with no zone reported (Kuwait time), and a teacher reading English in London. */
async function pair() {
  const student = await f.student({ language: 'ar', timeZone: null });
  const teacher = await f.teacher();
  await query("update users set language = 'en', time_zone = 'Europe/London' where id = $1", [teacher.user.id]);
  return { student, teacher };
}

const lastMailId = async () =>
  Number(((await query('select max(id) as id from mail_outbox')).rows[0] as { id: unknown }).id ?? 0);
type Mail = { to: string; subject: string; text: string; html: string };
/** The mails queued after `since`, by recipient. */
async function mailsSince(since: number, ...people: TestUser[]) {
  const rows = (await query('select "to", subject, text, html from mail_outbox where id > $1 order by id', [since]))
    .rows as Mail[];
  return people.map((person) => rows.filter((row) => row.to === person.user.email));
}
function onlyMail(mails: Mail[]): Mail {
  expect(mails).toHaveLength(1);
  const [mail] = mails;
  if (!mail) throw new Error('no mail');
  return mail;
}

async function bookedLesson(student: TestUser, teacherProfileId: number, start: Date) {
  await fundWallet(ctx.database.db, student.user.id, 10_000);
  const slot = await f.slot(teacherProfileId, start, { priceFils: 10_000 });
  const booked = await bookWithBalance(ctx.app, student.headers, slot);
  return { slot, reservationId: booked.json().reservations[0].id as number };
}

const post = (user: TestUser, url: string, payload?: Record<string, unknown>) =>
  ctx.app.inject({ method: 'POST', url, headers: user.headers, ...(payload ? { payload } : {}) });

describe('mails of a moved lesson (issue 32)', () => {
  it("a student's move: one mail to each party, Arabic in Kuwait time and English in London time", async () => {
    const { student, teacher } = await pair();
    const oldStart = hourFrom(60);
    const newStart = hourFrom(90);
    const { reservationId } = await bookedLesson(student, teacher.profile.id, oldStart);
    const target = await f.slot(teacher.profile.id, newStart, { priceFils: 10_000 });
    const since = await lastMailId();

    const moved = await post(student, `/api/v1/reservations/${reservationId}/reschedule`, {
      timeSlotId: target.id,
      expectedTotal: totalOf(target),
    });
    expect(moved.statusCode, moved.body).toBe(200);

    const [toStudent, toTeacher] = await mailsSince(since, student, teacher);
    const studentMail = onlyMail(toStudent ?? []);
    expect(studentMail.subject).toBe(`تغيّر موعد درسك مع ${teacher.user.firstName} ${teacher.user.lastName}`);
    expect(studentMail.text).toContain('نقلت درسك');
    expect(studentMail.text).toContain(`الموعد السابق: `);
    expect(studentMail.text).toContain(kuwaitArabicHour(oldStart));
    expect(studentMail.text).toContain(kuwaitArabicHour(newStart));
    expect(studentMail.text).toContain('الأوقات بتوقيت الكويت.');
    expect(studentMail.text).toContain('/ar/reservations');
    expect(studentMail.html).toContain('dir="rtl"');

    const teacherMail = onlyMail(toTeacher ?? []);
    expect(teacherMail.subject).toBe(`Your lesson with ${student.user.firstName} ${student.user.lastName} has moved`);
    expect(teacherMail.text).toContain(`Was: `);
    expect(teacherMail.text).toMatch(new RegExp(`Was: [^\\n]*${londonHour(oldStart)}`));
    expect(teacherMail.text).toMatch(new RegExp(`Now: [^\\n]*${londonHour(newStart)}`));
    expect(teacherMail.text).toContain('(Europe/London), your time zone.');
    expect(teacherMail.text).toContain('/en/schedule');
    expect(teacherMail.html).toContain('dir="ltr"');
  });
});

describe("mails of a teacher's proposal (issue 32)", () => {
  async function proposed() {
    const { student, teacher } = await pair();
    const start = hourFrom(120);
    const proposedStart = hourFrom(150);
    const { reservationId } = await bookedLesson(student, teacher.profile.id, start);
    const target = await f.slot(teacher.profile.id, proposedStart, { priceFils: 10_000 });
    const since = await lastMailId();
    const created = await post(teacher, `/api/v1/reservations/${reservationId}/proposals`, {
      timeSlotId: target.id,
      note: 'موعد الاختبار تغيّر',
    });
    expect(created.statusCode, created.body).toBe(201);
    return { student, teacher, start, proposedStart, target, since, proposalId: created.json().proposal.id as number };
  }

  it('the proposal: one mail to the student with both times and the note; none to the teacher', async () => {
    const { student, teacher, start, proposedStart, since } = await proposed();
    const [toStudent, toTeacher] = await mailsSince(since, student, teacher);
    expect(toTeacher).toHaveLength(0);
    const mail = onlyMail(toStudent ?? []);
    expect(mail.subject).toContain('موعداً جديداً لدرسك');
    expect(mail.text).toContain(`موعد درسك الحالي: `);
    expect(mail.text).toMatch(new RegExp(`الحالي: [^\\n]*${kuwaitArabicHour(start)}`));
    expect(mail.text).toMatch(new RegExp(`المقترح: [^\\n]*${kuwaitArabicHour(proposedStart)}`));
    expect(mail.text).toContain('ملاحظة المعلم: موعد الاختبار تغيّر');
    expect(mail.text).toContain('/ar/reservations');
  });

  it('accepted: one mail to each party (the move to the student, the answer to the teacher in London time)', async () => {
    const { student, teacher, start, proposedStart, target, proposalId } = await proposed();
    const since = await lastMailId();
    const accepted = await post(student, `/api/v1/reservation-proposals/${proposalId}/accept`, {
      expectedTotal: totalOf(target),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [toStudent, toTeacher] = await mailsSince(since, student, teacher);
    const studentMail = onlyMail(toStudent ?? []);
    expect(studentMail.text).toContain('قبلت الموعد الجديد');
    expect(studentMail.text).toMatch(new RegExp(`الموعد الجديد: [^\\n]*${kuwaitArabicHour(proposedStart)}`));
    const teacherMail = onlyMail(toTeacher ?? []);
    expect(teacherMail.subject).toBe(`${student.user.firstName} ${student.user.lastName} accepted the new time`);
    expect(teacherMail.text).toMatch(new RegExp(`Was: [^\\n]*${londonHour(start)}`));
    expect(teacherMail.text).toMatch(new RegExp(`Now: [^\\n]*${londonHour(proposedStart)}`));
    expect(teacherMail.text).toContain('/en/schedule');
  });

  it('declined: one mail to the teacher (the time that stays, in London time); none to the student', async () => {
    const { student, teacher, start, proposalId } = await proposed();
    const since = await lastMailId();
    const declined = await post(student, `/api/v1/reservation-proposals/${proposalId}/decline`);
    expect(declined.statusCode, declined.body).toBe(200);
    const [toStudent, toTeacher] = await mailsSince(since, student, teacher);
    expect(toStudent).toHaveLength(0);
    const mail = onlyMail(toTeacher ?? []);
    expect(mail.subject).toBe(`${student.user.firstName} ${student.user.lastName} declined the new time`);
    expect(mail.text).toMatch(new RegExp(`The lesson: [^\\n]*${londonHour(start)}`));
    expect(mail.text).toContain('cancel this lesson with a full refund');
    expect(mail.text).toContain('/en/schedule');
  });
});

describe('mails of a weekly series (issue 32)', () => {
  it('a failed weekly charge mails the student (price, shortfall, deadline, wallet), its release mails both', async () => {
    // Here the student reads English in London and the teacher Arabic in Kuwait time.
    const student = await f.student({ language: 'en', timeZone: 'Europe/London' });
    const teacher = await f.teacher();
    const first = hourFrom(80);
    const slots = [];
    for (const week of [0, 1]) {
      slots.push(await f.slot(teacher.profile.id, new Date(first.getTime() + week * WEEK), { priceFils: 12_500 }));
    }
    await fundWallet(ctx.database.db, student.user.id, 12_500);
    const created = await post(student, '/api/v1/standing-bookings', {
      timeSlotId: slots[0]?.id,
      weeks: 4,
      paymentMethod: 'balance',
    });
    expect(created.statusCode, created.body).toBe(201);
    const sweep = (now: Date) => ctx.app.money.booking.standing.sweepStanding(now);
    expect((await sweep(new Date(first.getTime() - 47 * HOUR))).charged).toBe(1);

    // Week 2: the wallet is empty (12.500 short), the student is told once by mail.
    const second = new Date(first.getTime() + WEEK);
    const deadline = new Date(second.getTime() - 24 * HOUR);
    const since = await lastMailId();
    expect((await sweep(new Date(second.getTime() - 47 * HOUR))).short).toBe(1);
    await sweep(new Date(second.getTime() - 40 * HOUR));
    const [toStudent, toTeacher] = await mailsSince(since, student, teacher);
    expect(toTeacher).toHaveLength(0);
    const mail = onlyMail(toStudent ?? []);
    expect(mail.subject).toBe(`Top up for your weekly lesson with ${teacher.user.firstName} ${teacher.user.lastName}`);
    expect(mail.text).toContain('The lesson costs KWD\u00a012.500, and your balance is KWD\u00a012.500 short.');
    expect(mail.text).toMatch(new RegExp(`on [^\\n]*${londonHour(second)}`));
    expect(mail.text).toMatch(new RegExp(`Top up your wallet before [^\\n]*${londonHour(deadline)}`));
    expect(mail.text).toContain('(Europe/London), your time zone.');
    expect(mail.text).toContain('/en/profile#wallet-title');

    // 24 h before: released; one mail to each party.
    const released = await lastMailId();
    expect((await sweep(new Date(second.getTime() - 23 * HOUR))).released).toBe(1);
    const [studentReleased, teacherReleased] = await mailsSince(released, student, teacher);
    const toThem = onlyMail(studentReleased ?? []);
    expect(toThem.subject).toBe('A weekly lesson was not paid and is released');
    expect(toThem.text).toContain(londonHour(second));
    expect(toThem.text).toContain('/en/reservations');
    const toTeacherMail = onlyMail(teacherReleased ?? []);
    expect(toTeacherMail.subject).toBe('أُلغي درس أسبوعي لم يُدفع');
    expect(toTeacherMail.text).toContain(kuwaitArabicHour(second));
    expect(toTeacherMail.text).toContain('الأوقات بتوقيت الكويت.');
    expect(toTeacherMail.text).toContain('/ar/schedule');
  });
});
