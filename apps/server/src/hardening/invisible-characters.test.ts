import { ROLE } from '@ustaz/contract';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { teacherBankAccounts, teacherProfiles, users } from '../db/schema.ts';
import { newStudentApplies } from '../test/applications.ts';
import type { TestUser } from '../test/factories.ts';
import { nextAddress } from '../test/requests.ts';
import { useTestApp } from '../test/test-app.ts';

/*
 * Issue 29: names, bios, majors and the bank holder name refuse bidi controls (U+202A-202E,
 * U+2066-2069) and zero-width characters (U+200B-200D, U+2060, U+FEFF) with 422 `invalidCharacters`,
 * and nothing is stored. Before, U+202E reversed a teacher's name on the public page.
 */

const RLO = '\u202E';
const { t, f } = useTestApp({ rateLimitMax: 1_000_000 });

function send(user: TestUser | null, method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object) {
  return t.app.inject({ method, url, payload, remoteAddress: nextAddress(), headers: user?.headers ?? {} });
}

describe('422 invalidCharacters, nothing stored', () => {
  it('a name: registration and PATCH /auth/me (each control character, the pair spellings too)', async () => {
    const register = await send(null, 'POST', '/api/v1/auth/email/register', {
      firstName: `Ahmad${RLO}`,
      lastName: 'Ali',
      email: 'rlo-register@example.com',
      password: 'secret123',
    });
    expect(register.json()).toEqual({ status: 422, errors: { firstName: 'invalidCharacters' } });
    expect(await t.database.db.select().from(users).where(eq(users.email, 'rlo-register@example.com'))).toEqual([]);

    const teacher = await f.teacher({ firstName: 'Ahmad', lastName: 'Ali' });
    for (const ch of ['\u202A', '\u202E', '\u2066', '\u2069', '\u200B', '\u200C', '\u200D', '\u2060', '\uFEFF']) {
      const res = await send(teacher, 'PATCH', '/api/v1/auth/me', { firstName: `Ah${ch}mad` });
      expect(res.json(), `U+${ch.charCodeAt(0).toString(16)}`).toEqual({
        status: 422,
        errors: { firstName: 'invalidCharacters' },
      });
    }
    const spelled = await send(teacher, 'PATCH', '/api/v1/auth/me', { firstNameEn: `Ahmad${RLO}`, lastNameEn: 'Ali' });
    expect(spelled.json()).toEqual({ status: 422, errors: { firstNameEn: 'invalidCharacters' } });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, teacher.user.id));
    expect(row).toMatchObject({ firstName: 'Ahmad', lastName: 'Ali', firstNameEn: null });
    const page = await t.app.inject({ url: `/api/teachers/profiles/${teacher.profile.id}?lang=en` });
    expect(page.json().user).toMatchObject({ firstName: 'Ahmad', lastName: 'Ali' });
  });

  it('a bio and a major: the teacher, the admin editor and an application', async () => {
    const teacher = await f.teacher();
    const own = await send(teacher, 'PATCH', `/api/teachers/profiles/${teacher.profile.id}`, {
      bioEn: `I teach maths ${RLO}and physics`,
      major: `Maths\u200B`,
    });
    expect(own.json()).toEqual({ status: 422, errors: { bioEn: 'invalidCharacters', major: 'invalidCharacters' } });
    const admin = await f.user({ roleId: ROLE.admin });
    const edited = await send(admin, 'PATCH', `/api/v1/admin/teachers/${teacher.profile.id}`, {
      bioAr: `أدرّس ${RLO}الرياضيات`,
    });
    expect(edited.json()).toEqual({ status: 422, errors: { bioAr: 'invalidCharacters' } });
    const [profile] = await t.database.db
      .select()
      .from(teacherProfiles)
      .where(eq(teacherProfiles.id, teacher.profile.id));
    expect(profile).toMatchObject({ bioEn: teacher.profile.bioEn, bioAr: teacher.profile.bioAr });

    const applied = await newStudentApplies(t, f, {
      bioEn: `I have taught secondary school maths for ${RLO}ten years`,
    });
    expect(applied.json()).toEqual({ status: 422, errors: { bioEn: 'invalidCharacters' } });
  });

  it('the bank holder name', async () => {
    const teacher = await f.teacher();
    const res = await send(teacher, 'PUT', '/api/v1/payouts/bank-account', {
      iban: 'KW81CBKU0000000000001234560101',
      holderName: `Ahmad ${RLO}Ali`,
    });
    expect(res.json()).toEqual({ status: 422, errors: { holderName: 'invalidCharacters' } });
    expect(
      await t.database.db.select().from(teacherBankAccounts).where(eq(teacherBankAccounts.userId, teacher.user.id)),
    ).toEqual([]);
  });
});
