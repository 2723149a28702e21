import { ROLE, teacherSearchResponseSchema } from '@ustaz/contract';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rawQueryOf } from '../../db/client.ts';
import { teacherProfiles, users } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';

/**
 * `teacher_profiles.listed` (migration 0036) is what search filters on instead of joining users:
 * the database keeps it equal to "approved, and the user an active teacher" whoever writes.
 */
describe('the listed flag of teacher search', () => {
  const { t, f } = useTestApp();
  const db = () => t.database.db;

  async function found(word: string): Promise<number[]> {
    const res = await t.app.inject({ url: `/api/teachers/search?search=${word}` });
    expect(res.statusCode, res.body).toBe(200);
    const body = teacherSearchResponseSchema.parse(res.json());
    expect(body.total).toBe(body.data.length);
    return body.data.map((x) => x.id);
  }

  /** Every profile whose flag differs from the definition it stands for (the whole class, not one row). */
  async function disagreeing(): Promise<number[]> {
    const { rows } = await rawQueryOf(db())<{ id: number }>(
      `select tp.id from teacher_profiles tp join users u on u.id = tp.user_id
       where tp.listed is distinct from (tp.approved_at is not null and u.role_id = ${ROLE.teacher} and u.status = 'active')`,
      [],
    );
    return rows.map((r) => r.id);
  }

  it('follows the user: suspended, reactivated, made a student, made a teacher again', async () => {
    const teacher = await f.teacher({ firstName: 'Listedword' });
    const other = await f.teacher({ firstName: 'Listedword' });
    expect((await found('listedword')).sort()).toEqual([teacher.profile.id, other.profile.id].sort());

    await db().update(users).set({ status: 'suspended' }).where(eq(users.id, teacher.user.id));
    expect(await found('listedword')).toEqual([other.profile.id]);
    await db().update(users).set({ status: 'active' }).where(eq(users.id, teacher.user.id));
    expect((await found('listedword')).sort()).toEqual([teacher.profile.id, other.profile.id].sort());

    await db().update(users).set({ roleId: ROLE.student }).where(eq(users.id, other.user.id));
    expect(await found('listedword')).toEqual([teacher.profile.id]);
    await db().update(users).set({ roleId: ROLE.teacher }).where(eq(users.id, other.user.id));
    expect((await found('listedword')).sort()).toEqual([teacher.profile.id, other.profile.id].sort());
    expect(await disagreeing()).toEqual([]);
  });

  it('follows the approval, and a direct write of the flag does not stick', async () => {
    const teacher = await f.teacher({ firstName: 'Approvalword' });
    await db().update(teacherProfiles).set({ approvedAt: null }).where(eq(teacherProfiles.id, teacher.profile.id));
    expect(await found('approvalword')).toEqual([]);
    // Whoever writes the column itself gets the value the definition gives.
    await db().update(teacherProfiles).set({ listed: true }).where(eq(teacherProfiles.id, teacher.profile.id));
    expect(await found('approvalword')).toEqual([]);
    await db()
      .update(teacherProfiles)
      .set({ approvedAt: sql`now()` })
      .where(eq(teacherProfiles.id, teacher.profile.id));
    expect(await found('approvalword')).toEqual([teacher.profile.id]);

    const suspended = await f.teacher({ firstName: 'Approvalword', status: 'suspended' });
    await db().update(teacherProfiles).set({ listed: true }).where(eq(teacherProfiles.id, suspended.profile.id));
    expect(await found('approvalword')).toEqual([teacher.profile.id]);
    expect(await disagreeing()).toEqual([]);
  });

  it('is set on insert: a profile of a student or a suspended teacher is never listed', async () => {
    await f.teacher({ firstName: 'Insertword', roleId: ROLE.student });
    await f.teacher({ firstName: 'Insertword', status: 'suspended' });
    const listed = await f.teacher({ firstName: 'Insertword' });
    expect(await found('insertword')).toEqual([listed.profile.id]);
    expect(await disagreeing()).toEqual([]);
  });
});
