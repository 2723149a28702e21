import { describe, expect, it } from 'vitest';
import { adminTeacherPatchSchema } from './admin.ts';
import { registerBodySchema, updateMeBodySchema } from './auth.ts';
import { teacherProfilePatchSchema } from './discovery.ts';
import { bankAccountBodySchema } from './payouts.ts';
import { teacherApplicationBodySchema } from './teaching.ts';
import { hasInvisibleControls, withoutInvisibleControls } from './visible-text.ts';

/** Issue 29: bidi controls and zero-width characters in names, bios, majors and the bank holder name. */
const REFUSED = [
  '\u202A',
  '\u202B',
  '\u202C',
  '\u202D',
  '\u202E',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200B',
  '\u200C',
  '\u200D',
  '\u2060',
  '\uFEFF',
];

function codesOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; params?: unknown }[] } }) {
  return Object.fromEntries(
    (result.error?.issues ?? []).map((issue) => [
      issue.path.join('.'),
      (issue.params as { code?: string } | undefined)?.code ?? 'other',
    ]),
  );
}

describe('invisible controls', () => {
  it.each(REFUSED.map((ch) => [`U+${ch.charCodeAt(0).toString(16).toUpperCase()}`, ch]))('%s is found', (_, ch) => {
    expect(hasInvisibleControls(`Ah${ch}mad`)).toBe(true);
    expect(withoutInvisibleControls(`Ah${ch}mad${ch}`)).toBe('Ahmad');
  });

  it('plain Arabic and English text, the LRM and RLM marks and emoji are not', () => {
    for (const text of ['أحمد الكندري', 'Ahmad Al-Kandari', 'Ahmad\u200E (KW)', '\u200Fنص', 'Maths 📐']) {
      expect(hasInvisibleControls(text), text).toBe(false);
    }
  });

  it('a name with U+202E is invalidCharacters on register and PATCH /auth/me, first of its problems', () => {
    const name = 'Ahmad\u202Edamha';
    const register = registerBodySchema.safeParse({
      firstName: name,
      lastName: 'Ali',
      email: 'a@example.com',
      password: 'secret12',
    });
    expect(codesOf(register)).toEqual({ firstName: 'invalidCharacters' });
    const me = updateMeBodySchema.safeParse({
      lastName: `\u200B${name}`,
      firstNameEn: name,
      lastNameEn: 'Ali',
      firstNameAr: 'أحمد\u2067',
      lastNameAr: 'علي',
    });
    expect(me.success).toBe(false);
    expect(
      me.error?.issues.map((issue) => [issue.path.join('.'), (issue as { params?: { code?: string } }).params?.code]),
    ).toEqual(
      expect.arrayContaining([
        ['lastName', 'invalidCharacters'],
        ['firstNameEn', 'invalidCharacters'],
        ['firstNameAr', 'invalidCharacters'],
      ]),
    );
  });

  it('bios and majors (own profile, admin editor, application) and the bank holder name', () => {
    const bio = 'I teach maths \u202Eand physics for ten years';
    expect(
      codesOf(teacherProfilePatchSchema.safeParse({ bio, bioAr: bio, bioEn: bio, major: `x${'\u2066'}` })),
    ).toEqual({
      bio: 'invalidCharacters',
      bioAr: 'invalidCharacters',
      bioEn: 'invalidCharacters',
      major: 'invalidCharacters',
    });
    expect(codesOf(adminTeacherPatchSchema.safeParse({ bioEn: bio, majorAr: 'رياضيات\u200D' }))).toEqual({
      bioEn: 'invalidCharacters',
      majorAr: 'invalidCharacters',
    });
    const application = teacherApplicationBodySchema.safeParse({
      bioAr: 'أدرّس الرياضيات منذ عشر سنوات\u202E',
      bioEn: 'I have taught mathematics for ten years',
      major: 'Mathematics',
      experienceYears: 10,
      subjectIds: [1],
      hourlyRate: '10',
      videoUrl: 'https://example.com/video',
    });
    expect(codesOf(application)).toEqual({ bioAr: 'invalidCharacters' });
    const bank = bankAccountBodySchema.safeParse({ iban: 'KW81CBKU0000000000001234560101', holderName: 'Ahmad\u202E' });
    expect(codesOf(bank)).toEqual({ holderName: 'invalidCharacters' });
    expect(
      bankAccountBodySchema.safeParse({ iban: 'KW81CBKU0000000000001234560101', holderName: 'Ahmad Ali' }).success,
    ).toBe(true);
  });
});
