import { randomUUID } from 'node:crypto';
import {
  adminTeacherApplicationResponseSchema,
  adminTeacherApplicationsResponseSchema,
  myTeacherApplicationResponseSchema,
  ROLE,
  type TeacherApplicationInput,
} from '@ustaz/contract';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { files, notifications, type SubjectRow, teacherApplications, teacherProfiles, users } from '../../db/schema.ts';
import { auditOf } from '../../test/admin.ts';
import { applicationBody } from '../../test/applications.ts';
import type { TestUser } from '../../test/factories.ts';
import { latestMailTo } from '../../test/helpers.ts';
import { nextAddress } from '../../test/requests.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });

let admin: TestUser;
let maths: SubjectRow;
let physics: SubjectRow;

beforeAll(async () => {
  admin = await f.user({ roleId: ROLE.admin });
  maths = await f.subject({ nameAr: 'رياضيات التطبيقات', nameEn: 'Applied maths' });
  physics = await f.subject({ nameAr: 'فيزياء التطبيقات', nameEn: 'Applied physics' });
});

/** A complete application; `word` makes its bio findable in search. */
function body(overrides: Partial<TeacherApplicationInput> = {}, word = 'Zanzibarology'): TeacherApplicationInput {
  return applicationBody([maths.id, physics.id], overrides, word);
}

function apply(headers: Record<string, string> | undefined, payload: object) {
  return t.app.inject({
    method: 'POST',
    url: '/api/v1/teacher-applications',
    payload,
    remoteAddress: nextAddress(),
    ...(headers ? { headers } : {}),
  });
}

async function mine(headers: Record<string, string>) {
  const res = await t.app.inject({ url: '/api/v1/teacher-applications/mine', headers });
  expect(res.statusCode, res.body).toBe(200);
  return myTeacherApplicationResponseSchema.parse(res.json()).application;
}

function decide(id: number, action: 'approve' | 'reject', payload?: object, headers = admin.headers) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/admin/teacher-applications/${id}/${action}`,
    headers,
    ...(payload ? { payload } : {}),
  });
}

/** A student's pending application, made through the API. */
async function pendingApplication(student: TestUser, overrides: Partial<TeacherApplicationInput> = {}, word?: string) {
  const res = await apply(student.headers, body(overrides, word));
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { id: number }).id;
}

async function certificateOf(ownerId: number) {
  const id = randomUUID();
  await t.database.db
    .insert(files)
    .values({ id, ownerId, storageKey: `${id}.pdf`, mimeType: 'application/pdf', size: 10, purpose: 'certificate' });
  return id;
}

async function notificationsOf(userId: number) {
  return t.database.db.select().from(notifications).where(eq(notifications.userId, userId));
}

async function searchTotal(word: string) {
  const res = await t.app.inject({ url: `/api/teachers/search?search=${word}` });
  expect(res.statusCode).toBe(200);
  return (res.json() as { total: number; data: { userId: number }[] }).data;
}

describe('POST /api/v1/teacher-applications and GET .../mine', () => {
  it('a confirmed student applies (201 pending) and reads it back with its subjects and certificate', async () => {
    const student = await f.student();
    expect(await mine(student.headers)).toBeNull();
    const certificateFileId = await certificateOf(student.user.id);
    const res = await apply(student.headers, body({ certificateFileId, missingSubject: '  Statistics  ' }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), status: 'pending' });

    const application = await mine(student.headers);
    expect(application).toMatchObject({
      id: res.json().id,
      status: 'pending',
      major: 'Mathematics',
      experienceYears: 10,
      hourlyRate: '12.500',
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
      missingSubject: 'Statistics',
      subjects: [
        { id: maths.id, nameAr: maths.nameAr, nameEn: maths.nameEn },
        { id: physics.id, nameAr: physics.nameAr, nameEn: physics.nameEn },
      ],
      certificate: { id: certificateFileId, path: `/api/v1/files/${certificateFileId}`, mimeType: 'application/pdf' },
      rejectionReason: null,
      decidedAt: null,
    });
    const [row] = await t.database.db
      .select()
      .from(teacherApplications)
      .where(eq(teacherApplications.userId, student.user.id));
    expect(row?.hourlyRateFils).toBe(12_500);
  });

  it('refuses guests (401), teachers and admins (403 forbidden) and unconfirmed students (403 emailNotConfirmed)', async () => {
    expect((await apply(undefined, body())).statusCode).toBe(401);
    expect((await t.app.inject({ url: '/api/v1/teacher-applications/mine' })).statusCode).toBe(401);
    const teacher = await f.teacher();
    const teacherRes = await apply(teacher.headers, body());
    expect(teacherRes.statusCode).toBe(403);
    expect(teacherRes.json()).toMatchObject({ code: 'forbidden' });
    expect((await apply(admin.headers, body())).json()).toMatchObject({ status: 403, code: 'forbidden' });
    const unconfirmed = await f.student({ emailConfirmedAt: null });
    const res = await apply(unconfirmed.headers, body());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toMatchObject({ code: 'emailNotConfirmed' });
    const stored = await t.database.db
      .select()
      .from(teacherApplications)
      .where(eq(teacherApplications.userId, unconfirmed.user.id));
    expect(stored).toEqual([]);
  });

  it('answers 422 with field codes to a bad body, and stores nothing', async () => {
    const student = await f.student();
    const cases: [object, Record<string, string>][] = [
      [{}, { bioAr: 'required', bioEn: 'required', hourlyRate: 'required', videoUrl: 'required' }],
      [body({ bioAr: 'short' }), { bioAr: 'tooShort' }],
      [body({ hourlyRate: '0' }), { hourlyRate: 'tooSmall' }],
      [body({ hourlyRate: '1,000' }), { hourlyRate: 'invalid' }],
      [body({ hourlyRate: '5000' }), { hourlyRate: 'tooBig' }],
      [body({ experienceYears: -1 }), { experienceYears: 'tooSmall' }],
      [body({ subjectIds: [] }), { subjectIds: 'tooShort' }],
      [body({ subjectIds: [maths.id, 2_000_000] }), { subjectIds: 'notFound' }],
      [body({ videoUrl: 'not a link' }), { videoUrl: 'invalid' }],
      [body({ videoUrl: 'ftp://example.com/video' }), { videoUrl: 'invalid' }],
      [body({ certificateFileId: randomUUID() }), { certificateFileId: 'notFound' }],
      [{ ...body(), roleId: 1 }, { roleId: 'unknownField' }],
    ];
    for (const [payload, errors] of cases) {
      const res = await apply(student.headers, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
      expect(res.json().errors, JSON.stringify(payload)).toMatchObject(errors);
    }
    // Another user's certificate is not one's own.
    const other = await f.student();
    const theirs = await certificateOf(other.user.id);
    const res = await apply(student.headers, body({ certificateFileId: theirs }));
    expect(res.json()).toMatchObject({ status: 422, errors: { certificateFileId: 'notFound' } });
    expect(await mine(student.headers)).toBeNull();
  });

  it('keeps one pending application per user: a second is 409, and of two at once exactly one is stored', async () => {
    const student = await f.student();
    await pendingApplication(student);
    const again = await apply(student.headers, body());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ status: 409, code: 'applicationPending' });

    const racer = await f.student();
    const answers = await Promise.all(Array.from({ length: 6 }, () => apply(racer.headers, body())));
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 409, 409, 409, 409, 409]);
    const rows = await t.database.db
      .select()
      .from(teacherApplications)
      .where(eq(teacherApplications.userId, racer.user.id));
    expect(rows).toHaveLength(1);
  });

  it('shows each user only their own application, and a certificate only to its owner and admins', async () => {
    const owner = await f.student();
    const stranger = await f.student();
    const certificateFileId = await certificateOf(owner.user.id);
    await pendingApplication(owner, { certificateFileId });
    expect(await mine(stranger.headers)).toBeNull();
    expect((await mine(owner.headers))?.certificate?.id).toBe(certificateFileId);
    // Its row exists without bytes on disk: what matters is who gets past the check (404 vs not 404).
    const url = `/api/v1/files/${certificateFileId}`;
    expect((await t.app.inject({ url, headers: stranger.headers })).statusCode).toBe(404);
    expect((await t.app.inject({ url, headers: admin.headers })).statusCode).not.toBe(404);
  });
});

describe('admin: GET /api/v1/admin/teacher-applications, approve, reject', () => {
  it('lists pending applications oldest first with their applicant, paged; students and teachers get 403', async () => {
    const first = await f.student();
    const second = await f.student();
    const firstId = await pendingApplication(first);
    const secondId = await pendingApplication(second);
    const res = await t.app.inject({
      url: '/api/v1/admin/teacher-applications?status=pending&limit=100',
      headers: admin.headers,
    });
    expect(res.statusCode, res.body).toBe(200);
    const page = adminTeacherApplicationsResponseSchema.parse(res.json());
    const ids = page.data.map((row) => row.id);
    expect(ids.indexOf(firstId)).toBeLessThan(ids.indexOf(secondId));
    expect(page.data.every((row) => row.status === 'pending')).toBe(true);
    expect(page.data.find((row) => row.id === secondId)?.user).toMatchObject({
      id: second.user.id,
      email: second.user.email,
    });
    const one = await t.app.inject({ url: '/api/v1/admin/teacher-applications?limit=1', headers: admin.headers });
    expect(adminTeacherApplicationsResponseSchema.parse(one.json())).toMatchObject({ limit: 1, total: page.total });
    expect(
      (await t.app.inject({ url: '/api/v1/admin/teacher-applications?status=odd', headers: admin.headers })).statusCode,
    ).toBe(422);
    for (const caller of [first, await f.teacher()]) {
      expect(
        (await t.app.inject({ url: '/api/v1/admin/teacher-applications', headers: caller.headers })).statusCode,
      ).toBe(403);
      expect((await decide(firstId, 'approve', undefined, caller.headers)).statusCode).toBe(403);
      expect((await decide(firstId, 'reject', { reason: 'Not now' }, caller.headers)).statusCode).toBe(403);
    }
  });

  it('approval makes the applicant a listed teacher at once, audited, notified and mailed in their language', async () => {
    const student = await f.student({ language: 'en' });
    expect(await searchTotal('Quokkaphysics')).toEqual([]);
    const id = await pendingApplication(student, {}, 'Quokkaphysics');

    const res = await decide(id, 'approve');
    expect(res.statusCode, res.body).toBe(200);
    const { application } = adminTeacherApplicationResponseSchema.parse(res.json());
    expect(application).toMatchObject({ id, status: 'approved', user: { id: student.user.id } });
    expect(application.decidedAt).not.toBeNull();

    const [user] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(user?.roleId).toBe(ROLE.teacher);
    const [profile] = await t.database.db
      .select()
      .from(teacherProfiles)
      .where(eq(teacherProfiles.userId, student.user.id));
    expect(profile).toMatchObject({
      majorAr: 'Mathematics',
      majorEn: 'Mathematics',
      experienceYears: 10,
      hourlyRateFils: 12_500,
      videoUrl: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ',
    });
    expect(profile?.approvedAt).not.toBeNull();
    // Listed at once: the search finds it (its total is not a stale cached count).
    const found = await searchTotal('Quokkaphysics');
    expect(found.map((row) => row.userId)).toEqual([student.user.id]);
    const teacherPage = await t.app.inject({ url: `/api/teachers/profiles/${profile?.id}?lang=en` });
    expect(teacherPage.json()).toMatchObject({ subjects: [{ id: maths.id }, { id: physics.id }] });

    const [audit] = await auditOf(t.app, admin.headers, `action=teacherApplication.approve&entityId=${id}`);
    expect(audit).toMatchObject({
      actor: { id: admin.user.id },
      before: { status: 'pending', roleId: ROLE.student },
      after: { status: 'approved', roleId: ROLE.teacher, teacherProfileId: profile?.id },
    });
    expect(await notificationsOf(student.user.id)).toMatchObject([
      { type: 'teacherApplication.approved', data: { applicationId: id } },
    ]);
    const mail = await latestMailTo(t.database, student.user.email);
    expect(mail?.subject).toBe('Your application to teach on Ustaz is approved');
    expect(mail?.links.map(String)).toContain('http://ustaz.test/en/profile');

    // Decided once: approving or rejecting again is 409, and the applicant, now a teacher, cannot apply.
    expect((await decide(id, 'approve')).json()).toMatchObject({ status: 409, code: 'applicationNotPending' });
    expect((await decide(id, 'reject', { reason: 'Changed my mind' })).statusCode).toBe(409);
    expect((await apply(student.headers, body())).statusCode).toBe(403);
    expect((await decide(2_000_000, 'approve')).statusCode).toBe(404);
  });

  it('rejection tells the applicant why (notification, Arabic mail, their status), audited; they may apply again', async () => {
    const student = await f.student({ language: 'ar' });
    const id = await pendingApplication(student);
    expect((await decide(id, 'reject', { reason: 'x' })).json()).toMatchObject({ errors: { reason: 'tooShort' } });
    expect((await decide(id, 'reject', {})).statusCode).toBe(422);

    const reason = 'الفيديو لا يعمل، يرجى إرسال رابط آخر';
    const res = await decide(id, 'reject', { reason });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminTeacherApplicationResponseSchema.parse(res.json()).application).toMatchObject({
      status: 'rejected',
      rejectionReason: reason,
    });
    expect(await mine(student.headers)).toMatchObject({ id, status: 'rejected', rejectionReason: reason });
    const [user] = await t.database.db.select().from(users).where(eq(users.id, student.user.id));
    expect(user?.roleId).toBe(ROLE.student);

    expect(await notificationsOf(student.user.id)).toMatchObject([
      { type: 'teacherApplication.rejected', data: { applicationId: id, reason } },
    ]);
    const mail = await latestMailTo(t.database, student.user.email);
    expect(mail?.subject).toBe('بخصوص طلبك للتدريس في أستاذ');
    expect(mail?.text).toContain(`السبب: ${reason}`);
    expect(mail?.links.map(String)).toContain('http://ustaz.test/ar/teach');
    const [audit] = await auditOf(t.app, admin.headers, `action=teacherApplication.reject&entityId=${id}`);
    expect(audit).toMatchObject({ reason, before: { status: 'pending' }, after: { status: 'rejected' } });
    expect((await decide(id, 'approve')).statusCode).toBe(409);

    // A new application after a rejection is welcome, and becomes the one they see.
    const again = await pendingApplication(student);
    expect(await mine(student.headers)).toMatchObject({ id: again, status: 'pending' });
    const rejected = await t.database.db
      .select()
      .from(teacherApplications)
      .where(and(eq(teacherApplications.userId, student.user.id), eq(teacherApplications.status, 'rejected')));
    expect(rejected).toHaveLength(1);
  });

  it('two admins deciding one application at once: exactly one decision wins', async () => {
    const student = await f.student();
    const id = await pendingApplication(student);
    const otherAdmin = await f.user({ roleId: ROLE.admin });
    const answers = await Promise.all([
      decide(id, 'approve'),
      decide(id, 'reject', { reason: 'Not enough experience' }, otherAdmin.headers),
      decide(id, 'approve', undefined, otherAdmin.headers),
    ]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 409, 409]);
    const audits = [
      ...(await auditOf(t.app, admin.headers, `action=teacherApplication.approve&entityId=${id}`)),
      ...(await auditOf(t.app, admin.headers, `action=teacherApplication.reject&entityId=${id}`)),
    ];
    expect(audits).toHaveLength(1);
    expect(await notificationsOf(student.user.id)).toHaveLength(1);
  });
});
