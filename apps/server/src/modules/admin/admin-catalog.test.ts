import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  type AdminSettingsBody,
  adminPackageResponseSchema,
  adminPackagesResponseSchema,
  adminSettingsResponseSchema,
  adminSubjectResponseSchema,
  adminSubjectsResponseSchema,
  adminTeacherResponseSchema,
  adminTeachersResponseSchema,
  ROLE,
  websiteSettingsSchema,
} from '@ustaz/contract';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.ts';
import {
  adminAuditLog,
  subjects,
  subscriptionPackages,
  teacherProfiles,
  userSubscriptions,
  websiteSettings,
} from '../../db/schema.ts';
import { createFactories, type TestUser } from '../../test/factories.ts';
import { createTestApp } from '../../test/helpers.ts';

let ctx: Awaited<ReturnType<typeof createTestApp>>;
let f: ReturnType<typeof createFactories>;
let db: Db;
let admin: TestUser;
let dist: string;

function get(url: string, headers: Record<string, string> = admin.headers) {
  return ctx.app.inject({ url, headers });
}

function send(method: 'POST' | 'PATCH' | 'PUT', url: string, payload?: object) {
  return ctx.app.inject({ method, url, headers: admin.headers, ...(payload === undefined ? {} : { payload }) });
}

async function audits(entityType: string, entityId: number | string) {
  return db
    .select()
    .from(adminAuditLog)
    .where(and(eq(adminAuditLog.entityType, entityType), eq(adminAuditLog.entityId, String(entityId))))
    .orderBy(desc(adminAuditLog.id));
}

async function searchIds(text: string, limit = 20) {
  const res = await ctx.app.inject({ url: `/api/teachers/search?search=${encodeURIComponent(text)}&limit=${limit}` });
  expect(res.statusCode).toBe(200);
  const body = res.json() as { data: { id: number }[]; total: number };
  return { ids: body.data.map((row) => row.id), total: body.total };
}

beforeAll(async () => {
  dist = mkdtempSync(path.join(os.tmpdir(), 'ustaz-admin-dist-'));
  writeFileSync(
    path.join(dist, 'index.html'),
    '<!doctype html><html lang="ar" dir="rtl"><head><title>x</title></head><body></body></html>',
  );
  ctx = await createTestApp({ rateLimitMax: 1_000_000, webDistDir: dist });
  f = createFactories(ctx.database);
  db = ctx.database.db;
  admin = await f.user({ roleId: ROLE.admin });
});
afterAll(async () => {
  await ctx.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('teachers', () => {
  it('a promoted student is not listed until approved; approval lists it, unapproval hides it again', async () => {
    const name = `Promotee${Date.now()}`;
    const student = await f.student({ firstName: name, lastName: 'Hamad' });
    const promoted = await send('POST', `/api/v1/admin/users/${student.user.id}/promote`, { hourlyRate: '9' });
    expect(promoted.statusCode).toBe(200);
    const profileId = (promoted.json() as { user: { teacherProfileId: number } }).user.teacherProfileId;

    expect(await searchIds(name)).toEqual({ ids: [], total: 0 });
    expect((await ctx.app.inject({ url: `/api/teachers/profiles/${profileId}` })).statusCode).toBe(404);

    // The new teacher can already fill in the profile (with a token carrying the teacher role).
    const teacherHeaders = await f.headersOf({ ...student.user, roleId: ROLE.teacher });
    const own = await ctx.app.inject({
      method: 'PATCH',
      url: `/api/teachers/profiles/${profileId}?lang=en`,
      headers: teacherHeaders,
      payload: { bio: 'Patient calculus tutor' },
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json()).toMatchObject({ id: profileId, bio: 'Patient calculus tutor' });

    const pending = adminTeachersResponseSchema.parse((await get('/api/v1/admin/teachers?approval=pending')).json());
    expect(pending.data.map((row) => row.id)).toContain(profileId);

    const approved = await send('POST', `/api/v1/admin/teachers/${profileId}/approve`);
    expect(approved.statusCode).toBe(200);
    const { teacher } = adminTeacherResponseSchema.parse(approved.json());
    expect(teacher).toMatchObject({
      id: profileId,
      approved: true,
      hourlyRate: '9.000',
      bioEn: 'Patient calculus tutor',
    });
    expect(teacher.approvedAt).not.toBeNull();
    expect(await searchIds(name)).toEqual({ ids: [profileId], total: 1 });
    expect(await searchIds('calculus')).toMatchObject({ ids: [profileId] });
    expect((await ctx.app.inject({ url: `/api/teachers/profiles/${profileId}` })).statusCode).toBe(200);
    const [approveAudit] = await audits('teacher', profileId);
    expect(approveAudit).toMatchObject({
      actorUserId: admin.user.id,
      action: 'teacher.approve',
      before: { approved: false, approvedAt: null },
      after: { approved: true, approvedAt: teacher.approvedAt },
    });

    // Approving again changes nothing.
    const again = adminTeacherResponseSchema.parse(
      (await send('POST', `/api/v1/admin/teachers/${profileId}/approve`)).json(),
    );
    expect(again.teacher.approvedAt).toBe(teacher.approvedAt);
    expect(await audits('teacher', profileId)).toHaveLength(1);

    const unapproved = await send('POST', `/api/v1/admin/teachers/${profileId}/unapprove`);
    expect(unapproved.json()).toMatchObject({ teacher: { approved: false, approvedAt: null } });
    expect(await searchIds(name)).toEqual({ ids: [], total: 0 });
    expect((await audits('teacher', profileId))[0]).toMatchObject({
      action: 'teacher.unapprove',
      before: { approved: true },
      after: { approved: false, approvedAt: null },
    });
  });

  it('lists by name or e-mail and approval, waiting ones first, then the newest', async () => {
    const tag = `Tlist${Date.now()}`;
    const oldApproved = await f.teacher({ firstName: tag, lastName: 'A', createdAt: new Date(Date.now() - 3_600_000) });
    const newApproved = await f.teacher({ firstName: tag, lastName: 'B' });
    const waiting = await f.teacher({
      firstName: tag,
      lastName: 'C',
      profile: { approvedAt: null },
      createdAt: new Date(Date.now() - 7_200_000),
    });
    // A profile whose user is no longer a teacher is not in the list.
    await f.teacher({ firstName: tag, lastName: 'D', roleId: ROLE.student });

    const all = adminTeachersResponseSchema.parse(
      (await get(`/api/v1/admin/teachers?search=${tag.toLowerCase()}`)).json(),
    );
    expect(all.data.map((row) => row.id)).toEqual([waiting.profile.id, newApproved.profile.id, oldApproved.profile.id]);
    expect(all.total).toBe(3);
    expect(all.data[0]).toMatchObject({
      userId: waiting.user.id,
      email: waiting.user.email,
      approved: false,
      approvedAt: null,
      status: 'active',
      hourlyRate: '10.000',
    });
    const onlyPending = adminTeachersResponseSchema.parse(
      (await get(`/api/v1/admin/teachers?search=${tag}&approval=pending`)).json(),
    );
    expect(onlyPending.data.map((row) => row.id)).toEqual([waiting.profile.id]);
    const onlyApproved = adminTeachersResponseSchema.parse(
      (await get(`/api/v1/admin/teachers?search=${tag}&approval=approved&limit=1&page=2`)).json(),
    );
    expect(onlyApproved).toMatchObject({ total: 2, totalPages: 2 });
    expect(onlyApproved.data.map((row) => row.id)).toEqual([oldApproved.profile.id]);
    const byEmail = adminTeachersResponseSchema.parse(
      (await get(`/api/v1/admin/teachers?search=${encodeURIComponent(newApproved.user.email.toUpperCase())}`)).json(),
    );
    expect(byEmail.data.map((row) => row.id)).toEqual([newApproved.profile.id]);
    expect((await get('/api/v1/admin/teachers?approval=maybe')).statusCode).toBe(422);
  });

  it('PATCH edits both languages, rate, video and subjects; re-indexes; forgets search totals; audits the changes', async () => {
    const word = `Quorra${Date.now()}`;
    const algebra = await f.subject({ nameAr: 'الجبر', nameEn: `Algebra ${word}` });
    const geometry = await f.subject({ nameAr: 'الهندسة', nameEn: 'Geometry' });
    const target = await f.teacher({ subjects: [geometry], profile: { bioEn: `${word} first` } });
    const other = await f.teacher({ profile: { bioEn: `${word} second` } });
    // A full first page makes the search count (and cache) its total.
    expect(await searchIds(word, 1)).toMatchObject({ total: 2 });

    const res = await send('PATCH', `/api/v1/admin/teachers/${target.profile.id}`, {
      bioAr: 'معلّم رياضيات',
      bioEn: 'Teaches numbers',
      majorEn: 'Mathematics',
      experienceYears: 12,
      hourlyRate: '15.25',
      videoUrl: 'https://youtu.be/abc',
      subjectIds: [algebra.id, algebra.id],
    });
    expect(res.statusCode, res.body).toBe(200);
    const { teacher } = adminTeacherResponseSchema.parse(res.json());
    expect(teacher).toMatchObject({
      bioAr: 'معلّم رياضيات',
      bioEn: 'Teaches numbers',
      majorAr: '',
      majorEn: 'Mathematics',
      experienceYears: 12,
      hourlyRate: '15.250',
      videoUrl: 'https://youtu.be/abc',
      subjects: [{ id: algebra.id, nameAr: 'الجبر', nameEn: `Algebra ${word}` }],
    });
    // The word now comes from the subject name, the old bio is gone; the other teacher still matches.
    expect(await searchIds(word, 1)).toMatchObject({ total: 2 });
    expect((await searchIds('معلم رياضيات')).ids).toEqual([target.profile.id]);
    expect((await searchIds('الهندسه')).ids).not.toContain(target.profile.id);

    const [audit] = await audits('teacher', target.profile.id);
    expect(audit).toMatchObject({
      actorUserId: admin.user.id,
      action: 'teacher.update',
      before: {
        bioAr: '',
        bioEn: `${word} first`,
        majorEn: '',
        experienceYears: 5,
        hourlyRate: '10.000',
        videoUrl: null,
        subjectIds: [geometry.id],
      },
      after: {
        bioAr: 'معلّم رياضيات',
        bioEn: 'Teaches numbers',
        majorEn: 'Mathematics',
        experienceYears: 12,
        hourlyRate: '15.250',
        videoUrl: 'https://youtu.be/abc',
        subjectIds: [algebra.id],
      },
    });
    expect(audit?.before).not.toHaveProperty('majorAr');

    // Taking the word out of the other teacher's bio: the cached total of 2 must not survive.
    await send('PATCH', `/api/v1/admin/teachers/${other.profile.id}`, { bioEn: 'nothing here' });
    expect(await searchIds(word, 1)).toMatchObject({ total: 1 });

    // The same values again: nothing written, no audit row.
    const count = (await audits('teacher', target.profile.id)).length;
    expect(
      (await send('PATCH', `/api/v1/admin/teachers/${target.profile.id}`, { experienceYears: 12 })).statusCode,
    ).toBe(200);
    expect(await audits('teacher', target.profile.id)).toHaveLength(count);
  });

  it('PATCH refusals: unknown subjects, a non-web video, a rate too high, bad fields, unknown profile; nothing changes', async () => {
    const target = await f.teacher({ profile: { bioEn: 'unchanged' } });
    const url = `/api/v1/admin/teachers/${target.profile.id}`;
    const cases: [object, Record<string, string>][] = [
      [{ bioEn: 'new', subjectIds: [999_999] }, { subjectIds: 'invalid' }],
      [{ bioEn: 'new', videoUrl: 'javascript:alert(1)' }, { videoUrl: 'invalid' }],
      [{ bioEn: 'new', hourlyRate: '1000.001' }, { hourlyRate: 'tooBig' }],
    ];
    for (const [body, errors] of cases) {
      const res = await send('PATCH', url, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      expect(res.json()).toEqual({ status: 422, errors });
    }
    for (const body of [{ experienceYears: -1 }, { hourlyRate: 'ten' }, { videoUrl: 'not a url' }, { userId: 1 }]) {
      expect((await send('PATCH', url, body)).statusCode, JSON.stringify(body)).toBe(422);
    }
    const [row] = await db.select().from(teacherProfiles).where(eq(teacherProfiles.id, target.profile.id));
    expect(row?.bioEn).toBe('unchanged');
    expect(await audits('teacher', target.profile.id)).toHaveLength(0);

    const notTeacher = await f.teacher({ roleId: ROLE.student });
    for (const id of [999_999, notTeacher.profile.id]) {
      expect((await send('PATCH', `/api/v1/admin/teachers/${id}`, { bioEn: 'x' })).statusCode).toBe(404);
      expect((await send('POST', `/api/v1/admin/teachers/${id}/approve`)).statusCode).toBe(404);
      expect((await send('POST', `/api/v1/admin/teachers/${id}/unapprove`)).statusCode).toBe(404);
    }
  });
});

describe('subjects', () => {
  it('lists every subject in both languages with its teacher count; searches both names', async () => {
    const tag = `Sub${Date.now()}`;
    const active = await f.subject({ nameAr: `فيزياء ${tag}`, nameEn: `Physics ${tag}`, sortOrder: 1 });
    const inactive = await f.subject({ nameAr: `قديمة ${tag}`, nameEn: `Old ${tag}`, isActive: false, sortOrder: 2 });
    await f.teacher({ subjects: [active] });
    await f.teacher({ subjects: [active] });

    const res = await get(`/api/v1/admin/subjects?search=${tag}`);
    expect(res.statusCode).toBe(200);
    const body = adminSubjectsResponseSchema.parse(res.json());
    expect(body.total).toBe(2);
    expect(body.data.map((row) => row.id)).toEqual([active.id, inactive.id]);
    expect(body.data[0]).toMatchObject({
      nameAr: `فيزياء ${tag}`,
      nameEn: `Physics ${tag}`,
      teachersCount: 2,
      isActive: true,
    });
    expect(body.data[1]).toMatchObject({ teachersCount: 0, isActive: false });

    const arabic = adminSubjectsResponseSchema.parse(
      (await get(`/api/v1/admin/subjects?search=${encodeURIComponent(`فيزياء ${tag}`)}`)).json(),
    );
    expect(arabic.data.map((row) => row.id)).toEqual([active.id]);
    const onlyInactive = adminSubjectsResponseSchema.parse(
      (await get(`/api/v1/admin/subjects?search=${tag}&isActive=false`)).json(),
    );
    expect(onlyInactive.data.map((row) => row.id)).toEqual([inactive.id]);
  });

  it('creates a subject (201, audited); a taken English name in any case is 422 alreadyExists', async () => {
    const nameEn = `Astronomy ${Date.now()}`;
    const res = await send('POST', '/api/v1/admin/subjects', { nameAr: 'علم الفلك', nameEn, icon: 'telescope' });
    expect(res.statusCode, res.body).toBe(201);
    const { subject } = adminSubjectResponseSchema.parse(res.json());
    expect(subject).toMatchObject({
      nameAr: 'علم الفلك',
      nameEn,
      descriptionAr: '',
      icon: 'telescope',
      isActive: true,
      sortOrder: 0,
      teachersCount: 0,
    });
    const [row] = await db.select().from(subjects).where(eq(subjects.id, subject.id));
    expect(row?.searchText).toBe(`علم الفلك ${nameEn.toLowerCase()}`);
    expect((await audits('subject', subject.id))[0]).toMatchObject({
      action: 'subject.create',
      before: null,
      after: { nameAr: 'علم الفلك', nameEn, icon: 'telescope', isActive: true },
    });
    // The public list serves it.
    const publicList = await ctx.app.inject({ url: `/api/v1/subjects?search=${encodeURIComponent('الفلك')}` });
    expect((publicList.json() as { data: { id: number }[] }).data.map((s) => s.id)).toContain(subject.id);

    for (const taken of [nameEn, nameEn.toUpperCase()]) {
      const dup = await send('POST', '/api/v1/admin/subjects', { nameAr: 'أخرى', nameEn: taken });
      expect(dup.statusCode).toBe(422);
      expect(dup.json()).toEqual({ status: 422, errors: { nameEn: 'alreadyExists' } });
    }
    for (const body of [
      { nameAr: 'x' },
      { nameAr: 'x', nameEn: 'y', icon: 'Bad Icon' },
      { nameAr: 'x', nameEn: 'y', id: 3 },
    ]) {
      expect((await send('POST', '/api/v1/admin/subjects', body)).statusCode, JSON.stringify(body)).toBe(422);
    }
  });

  it('PATCH renames (teachers re-indexed), deactivates, refuses a taken name; audited with the changes', async () => {
    const stamp = Date.now();
    const subject = await f.subject({ nameAr: 'تاريخ', nameEn: `History ${stamp}` });
    const taken = await f.subject({ nameAr: 'جغرافيا', nameEn: `Geography ${stamp}` });
    const teacher = await f.teacher({ subjects: [subject] });
    const newName = `Zorblax${stamp}`;

    const renamed = await send('PATCH', `/api/v1/admin/subjects/${subject.id}`, { nameEn: newName, sortOrder: 4 });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(adminSubjectResponseSchema.parse(renamed.json()).subject).toMatchObject({
      nameAr: 'تاريخ',
      nameEn: newName,
      sortOrder: 4,
      teachersCount: 1,
    });
    expect((await searchIds(newName)).ids).toEqual([teacher.profile.id]);
    expect((await searchIds(`History ${stamp}`)).ids).toEqual([]);
    const [row] = await db.select().from(subjects).where(eq(subjects.id, subject.id));
    expect(row?.searchText).toBe(`تاريخ ${newName.toLowerCase()}`);
    expect((await audits('subject', subject.id))[0]).toMatchObject({
      action: 'subject.update',
      before: { nameEn: `History ${stamp}`, sortOrder: 0 },
      after: { nameEn: newName, sortOrder: 4 },
    });

    const off = await send('PATCH', `/api/v1/admin/subjects/${subject.id}`, { isActive: false });
    expect(off.json()).toMatchObject({ subject: { isActive: false } });
    const publicActive = await ctx.app.inject({ url: `/api/v1/subjects?isActive=true&search=${newName}` });
    expect((publicActive.json() as { total: number }).total).toBe(0);

    const clash = await send('PATCH', `/api/v1/admin/subjects/${subject.id}`, { nameEn: taken.nameEn.toLowerCase() });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toEqual({ status: 422, errors: { nameEn: 'alreadyExists' } });
    // Its own name in another case is fine.
    expect(
      (await send('PATCH', `/api/v1/admin/subjects/${subject.id}`, { nameEn: newName.toUpperCase() })).statusCode,
    ).toBe(200);
    expect((await send('PATCH', '/api/v1/admin/subjects/999999', { isActive: true })).statusCode).toBe(404);
    expect((await send('PATCH', `/api/v1/admin/subjects/${subject.id}`, { nameAr: '' })).statusCode).toBe(422);
  });
});

describe('subscription packages', () => {
  const body = {
    nameAr: 'باقة الامتحانات',
    nameEn: 'Exam pack',
    hours: 8,
    price: '12.5',
    validityDays: 45,
    featuresAr: ['ثماني ساعات'],
    featuresEn: ['Eight hours'],
    discountPercentage: 10,
  };

  it('creates (price in KWD, stored in fils), lists with sales, patches; audited', async () => {
    const res = await send('POST', '/api/v1/admin/packages', body);
    expect(res.statusCode, res.body).toBe(201);
    const created = adminPackageResponseSchema.parse(res.json()).package;
    expect(created).toMatchObject({ ...body, price: '12.500', type: 'standard', isActive: true, soldCount: 0 });
    const [row] = await db.select().from(subscriptionPackages).where(eq(subscriptionPackages.id, created.id));
    expect(row?.priceFils).toBe(12_500);
    expect((await audits('package', created.id))[0]).toMatchObject({
      action: 'package.create',
      after: { nameEn: 'Exam pack', price: '12.500', hours: 8 },
    });

    const buyer = await f.student();
    const subscription = (status: 'active' | 'pending') => ({
      userId: buyer.user.id,
      packageId: created.id,
      status,
      totalMinutes: 480,
      remainingMinutes: 480,
      priceFils: 12_500,
      paidWith: 'wallet' as const,
    });
    await db.insert(userSubscriptions).values([subscription('active'), subscription('pending')]);
    const listed = adminPackagesResponseSchema.parse((await get('/api/v1/admin/packages')).json());
    expect(listed.data.find((p) => p.id === created.id)).toMatchObject({ soldCount: 1 });

    const patched = await send('PATCH', `/api/v1/admin/packages/${created.id}`, {
      price: '15',
      isActive: false,
      hours: 8,
      featuresEn: ['Eight hours', 'Mock exam'],
    });
    expect(patched.statusCode, patched.body).toBe(200);
    expect(patched.json()).toMatchObject({
      package: { price: '15.000', isActive: false, featuresEn: ['Eight hours', 'Mock exam'], soldCount: 1 },
    });
    const [audit] = await audits('package', created.id);
    expect(audit).toMatchObject({
      action: 'package.update',
      before: { price: '12.500', isActive: true, featuresEn: ['Eight hours'] },
      after: { price: '15.000', isActive: false, featuresEn: ['Eight hours', 'Mock exam'] },
    });
    expect(audit?.after).not.toHaveProperty('hours');
    // The public list no longer offers it.
    const publicList = await ctx.app.inject({ url: '/api/v1/subscriptions/packages' });
    expect((publicList.json() as { data: { id: number }[] }).data.map((p) => p.id)).not.toContain(created.id);
  });

  it('refuses bad prices and fields (422) and unknown packages (404)', async () => {
    for (const bad of [
      { ...body, price: '0' },
      { ...body, price: '-1' },
      { ...body, price: '100000.001' },
      { ...body, hours: 0 },
      { ...body, discountPercentage: 101 },
      { ...body, type: 'gift' },
      { nameAr: 'x' },
    ]) {
      expect((await send('POST', '/api/v1/admin/packages', bad)).statusCode, JSON.stringify(bad)).toBe(422);
    }
    expect((await send('PATCH', '/api/v1/admin/packages/999999', { isActive: true })).statusCode).toBe(404);
    expect((await send('PATCH', '/api/v1/admin/packages/1', { price: 'free' })).statusCode).toBe(422);
  });
});

describe('website settings', () => {
  async function current() {
    const res = await get('/api/v1/admin/settings');
    expect(res.statusCode).toBe(200);
    return adminSettingsResponseSchema.parse(res.json()).settings;
  }

  function bodyOf(settings: Awaited<ReturnType<typeof current>>): AdminSettingsBody {
    const { updatedAt: _updatedAt, ...body } = settings;
    return body;
  }

  /** `PUT /api/v1/admin/settings`: `settings` (as read, with their version) with `changes`. */
  const putSettings = (settings: Awaited<ReturnType<typeof current>>, changes: Record<string, unknown>) =>
    send('PUT', '/api/v1/admin/settings', { ...bodyOf(settings), ...changes });

  it('keeps an English app name and address for English pages; Arabic pages and an empty one keep the Arabic (item 15)', async () => {
    const before = await current();
    const res = await putSettings(before, {
      appName: 'أستاذ بلس',
      appNameEn: '  Ustaz Plus ',
      contactAddress: 'برج الحمراء، مدينة الكويت',
      contactAddressEn: 'Al Hamra Tower, Kuwait City',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(adminSettingsResponseSchema.parse(res.json()).settings).toMatchObject({
      appNameEn: 'Ustaz Plus',
      contactAddressEn: 'Al Hamra Tower, Kuwait City',
    });
    const site = websiteSettingsSchema.parse((await ctx.app.inject({ url: '/api/settings/website' })).json());
    expect(site).toMatchObject({
      appName: 'أستاذ بلس',
      appNameEn: 'Ustaz Plus',
      contactAddressEn: 'Al Hamra Tower, Kuwait City',
    });
    const en = await ctx.app.inject({ url: '/en' });
    expect(en.body).toContain('<meta property="og:site_name" content="Ustaz Plus"');
    expect(en.body).toContain('"address":"Al Hamra Tower, Kuwait City"');
    const ar = await ctx.app.inject({ url: '/ar' });
    expect(ar.body).toContain('content="أستاذ بلس"');
    expect(ar.body).not.toContain('Ustaz Plus');
    const manifest = await ctx.app.inject({ url: '/manifest.webmanifest?lang=en' });
    expect(manifest.json()).toMatchObject({ name: 'Ustaz Plus' });
    const cleared = await putSettings(adminSettingsResponseSchema.parse(res.json()).settings, {
      appNameEn: null,
      contactAddressEn: null,
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    const enAgain = await ctx.app.inject({ url: '/en' });
    expect(enAgain.body).toContain('<meta property="og:site_name" content="أستاذ بلس"');
    const tooLong = await putSettings(adminSettingsResponseSchema.parse(cleared.json()).settings, {
      appNameEn: 'x'.repeat(61),
    });
    expect(tooLong.statusCode).toBe(422);
  });

  it('replaces the settings by version; the public settings and the page shell follow; audited', async () => {
    const before = await current();
    const res = await putSettings(before, {
      appName: 'Ustaz Pro',
      defaultTitle: 'Ustaz Pro | Tutors',
      primaryColor: '#112233',
      contactPhone: null,
      enableRegistration: false,
    });
    expect(res.statusCode, res.body).toBe(200);
    const after = adminSettingsResponseSchema.parse(res.json()).settings;
    expect(after).toMatchObject({
      version: before.version + 1,
      appName: 'Ustaz Pro',
      primaryColor: '#112233',
      contactPhone: null,
      enableRegistration: false,
    });

    const site = websiteSettingsSchema.parse((await ctx.app.inject({ url: '/api/settings/website' })).json());
    expect(site).toMatchObject({
      appName: 'Ustaz Pro',
      defaultTitle: 'Ustaz Pro | Tutors',
      version: after.version,
      contactPhone: null,
      additional: { enableRegistration: false },
    });
    const page = await ctx.app.inject({ url: '/en' });
    expect(page.body).toContain('<title>Ustaz Pro | Tutors</title>');
    // Registration follows the switch at once.
    const register = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/auth/email/register',
      payload: { firstName: 'A', lastName: 'B', email: 'closed@example.com', password: 'Secret123', roleId: 3 },
    });
    expect(register.statusCode).toBe(403);

    const [audit] = await audits('settings', (await db.select().from(websiteSettings))[0]?.id ?? 0);
    expect(audit).toMatchObject({ actorUserId: admin.user.id, action: 'settings.update' });
    expect(audit?.before).toEqual({
      version: before.version,
      appName: before.appName,
      defaultTitle: before.defaultTitle,
      primaryColor: before.primaryColor,
      contactPhone: before.contactPhone,
      enableRegistration: true,
    });
    expect(audit?.after).toEqual({
      version: after.version,
      appName: 'Ustaz Pro',
      defaultTitle: 'Ustaz Pro | Tutors',
      primaryColor: '#112233',
      contactPhone: null,
      enableRegistration: false,
    });

    // The old version is stale now: 409 versionConflict, nothing written.
    const stale = await putSettings(before, { appName: 'Lost update' });
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toMatchObject({ status: 409, code: 'versionConflict' });
    expect(await current()).toEqual(after);

    // Put registration back for the other tests.
    const reopened = await putSettings(after, { enableRegistration: true });
    expect(reopened.json()).toMatchObject({ settings: { version: after.version + 1, enableRegistration: true } });
  });

  it('422 for bad fields, nothing changed', async () => {
    const before = await current();
    for (const patch of [
      { primaryColor: 'red' },
      { contactEmail: 'not-an-email' },
      { logoUrl: 'javascript:alert(1)' },
      { googleAnalyticsId: 'G-1 <script>' },
      { maxUploadSize: 10 },
      { appName: '' },
      { version: 0 },
      { extra: true },
    ]) {
      const res = await putSettings(before, patch);
      expect(res.statusCode, JSON.stringify(patch)).toBe(422);
    }
    const { version: _version, ...withoutVersion } = bodyOf(before);
    expect((await send('PUT', '/api/v1/admin/settings', withoutVersion)).statusCode).toBe(422);
    expect(await current()).toEqual(before);
  });
});
