import { describe, expect, it } from 'vitest';
import { ownTeacherProfile } from './teacher-profile-test-data.ts';
import { checkTeacherProfile, previewOf, valuesOf } from './teacher-profile-values.ts';

const PROFILE = ownTeacherProfile({
  bio: 'نبذة',
  bioAr: 'نبذة',
  bioEn: '',
  major: 'فيزياء',
  averageRating: 4.5,
  subjects: [{ id: 1, name: 'رياضيات' }],
});

describe('checkTeacherProfile (the contract PATCH schema, as the server checks it)', () => {
  it('sends every field, numbers typed in Arabic-Indic digits as Latin, no video as null', () => {
    const values = { ...valuesOf(PROFILE), experienceYears: '١٢', hourlyRate: '١٢٫٥٠٠', bioEn: ' An English bio ' };
    expect(checkTeacherProfile(values, { withTimeZone: true })).toEqual({
      body: {
        bioAr: 'نبذة',
        bioEn: 'An English bio',
        major: 'فيزياء',
        experienceYears: 12,
        hourlyRate: '12.500',
        videoUrl: null,
        meetingLink: null,
        subjectIds: [1],
        timeZone: 'Asia/Kuwait',
        trialPrice: null,
      },
    });
  });

  it('asks to reprice the open slots only when the box is ticked', () => {
    const ticked = checkTeacherProfile({ ...valuesOf(PROFILE), applyToOpenSlots: true }, { withTimeZone: false });
    expect(ticked).toMatchObject({ body: { applyToOpenSlots: true } });
    expect('body' in ticked && 'timeZone' in ticked.body).toBe(false);
  });

  it('gives the server codes per field: too long, bad numbers, missing, over the rate cap, unknown zone', () => {
    const values = {
      ...valuesOf(PROFILE),
      bioAr: 'x'.repeat(2001),
      experienceYears: '81',
      hourlyRate: '12,5',
      subjectIds: Array.from({ length: 21 }, (_, index) => index + 1),
      timeZone: 'Mars/Olympus',
      meetingLink: 'http://zoom.us/j/1',
    };
    expect(checkTeacherProfile(values, { withTimeZone: true })).toEqual({
      errors: {
        bioAr: 'tooLong',
        experienceYears: 'tooBig',
        hourlyRate: 'invalid',
        subjectIds: 'tooLong',
        timeZone: 'invalidTimeZone',
        meetingLink: 'meetingLinkNotAllowed',
      },
    });
    expect(
      checkTeacherProfile({ ...valuesOf(PROFILE), experienceYears: ' ', hourlyRate: '' }, { withTimeZone: true }),
    ).toEqual({ errors: { experienceYears: 'required', hourlyRate: 'required' } });
    expect(checkTeacherProfile({ ...valuesOf(PROFILE), hourlyRate: '1001' }, { withTimeZone: true })).toEqual({
      errors: { hourlyRate: 'tooBig' },
    });
  });
});

describe('previewOf (the public card while typing)', () => {
  const names = new Map([
    [1, 'رياضيات'],
    [2, 'كيمياء'],
  ]);

  it('shows the typed values, the bio of the page language with the Arabic one as fallback', () => {
    const values = { ...valuesOf(PROFILE), major: ' كيمياء ', hourlyRate: '٨', subjectIds: [2], bioEn: '' };
    const en = previewOf(PROFILE, values, { language: 'en', subjectNames: names, photoPath: 'blob:photo' });
    expect(en).toMatchObject({
      bio: 'نبذة',
      major: 'كيمياء',
      hourlyRate: '8',
      subjects: [{ id: 2, name: 'كيمياء' }],
      user: { photo: { path: 'blob:photo' } },
    });
    const typed = previewOf(
      PROFILE,
      { ...values, bioEn: 'Hello' },
      { language: 'en', subjectNames: names, photoPath: null },
    );
    expect(typed).toMatchObject({ bio: 'Hello', user: { photo: null } });
  });

  it('keeps the saved rate and years while what is typed is not a number yet', () => {
    const values = { ...valuesOf(PROFILE), hourlyRate: '12,', experienceYears: 'x' };
    expect(previewOf(PROFILE, values, { language: 'ar', subjectNames: names, photoPath: null })).toMatchObject({
      hourlyRate: '10.000',
      experienceYears: 4,
    });
  });
});
