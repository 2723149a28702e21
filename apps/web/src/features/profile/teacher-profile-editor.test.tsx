import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TeacherCompleteness } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import arCommon from '../../../public/locales/ar/common.json';
import ar from '../../../public/locales/ar/profile.json';
import enCommon from '../../../public/locales/en/common.json';
import en from '../../../public/locales/en/profile.json';
import { signedIn, teacher } from '../../shared/test/auth-test-data.ts';
import { type ApiAnswer, type ApiRoute, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { SUBJECT_LIST } from '../../shared/test/subject-test-data.ts';
import { EditProfilePage } from './edit-profile-page.tsx';
import { TeacherPresence } from './teacher-presence.tsx';
import { ownTeacherProfile } from './teacher-profile-test-data.ts';

const ME = 'GET /api/teachers/profiles/me';
const SUBJECTS = 'GET /api/v1/subjects';
const PATCH = 'PATCH /api/teachers/profiles/7';
const COMPLETENESS = 'GET /api/v1/teachers/me/completeness';

const USER = teacher({ id: 70, firstName: 'Sara', lastName: 'Ali' });

const PROFILE = ownTeacherProfile();

function renderEditor(language: 'ar' | 'en' = 'en') {
  return renderAppRoute(<EditProfilePage />, { language, path: '/profile/edit', auth: signedIn(USER) });
}

/** The editor's API: the teacher's profile, the subjects, and `routes` (the save's answer, ...). */
function editorApi(routes: Record<string, ApiRoute> = {}) {
  return mockApi({ [ME]: ok(PROFILE), [SUBJECTS]: SUBJECT_LIST, ...routes });
}

/** The save refused (422) with `code` under `field`, as the server sends it. */
function refusedField(field: string, code: string): ApiAnswer {
  return { status: 422, body: { status: 422, errors: { [field]: code } } };
}

/** The editor with `text` pasted into the field labelled `label` and saved; the server answers the save with `save`. */
async function pasteAndSave(label: string, text: string, save: ApiAnswer) {
  const api = editorApi({ [PATCH]: save });
  const user = userEvent.setup();
  await renderEditor();
  const field = await screen.findByLabelText(label);
  await user.click(field);
  await user.paste(text);
  await user.click(screen.getByRole('button', { name: en.edit.save }));
  return { api, user, field };
}

describe('EditProfilePage for a teacher', () => {
  it('edits every field, previews the card and the video as typed, and sends the contract body', async () => {
    const api = editorApi({
      [PATCH]: (call) => ok({ ...PROFILE, ...(call.body as object) }),
    });
    const user = userEvent.setup();
    const { missing } = await renderEditor();
    const bioAr = await screen.findByLabelText(en.teaching.bioAr);
    const card = within(screen.getByTestId('card-preview'));
    expect(card.getByText('I teach physics')).toBeTruthy();

    await user.type(bioAr, 'أدرّس الفيزياء');
    await user.clear(screen.getByLabelText(en.teaching.bioEn));
    await user.type(screen.getByLabelText(en.teaching.bioEn), 'Physics made simple');
    expect(card.getByText('Physics made simple')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: 'Mathematics' }));
    expect(card.getByText('Mathematics')).toBeTruthy();
    const rate = screen.getByLabelText(enCommon.teacherForm.hourlyRate);
    await user.clear(rate);
    await user.type(rate, '١٢٫٥');
    expect(card.getByText(/12\.50/)).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: new RegExp(en.teaching.applyToOpenSlots) }));
    await user.type(screen.getByLabelText(en.teaching.videoUrl), 'https://youtu.be/dQw4w9WgXcQ');
    expect(screen.getByTestId('video-preview').getAttribute('src')).toContain('/embed/dQw4w9WgXcQ');
    await user.selectOptions(screen.getByLabelText(en.teaching.timeZone), 'Europe/London');
    await user.click(screen.getByLabelText(en.teaching.meetingLink));
    await user.paste(' https://meet.google.com/abc-defg-hij ');

    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(PATCH)[0]?.body).toEqual({
      bioAr: 'أدرّس الفيزياء',
      bioEn: 'Physics made simple',
      major: 'Physics',
      experienceYears: 4,
      hourlyRate: '12.5',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
      subjectIds: [2, 1],
      timeZone: 'Europe/London',
      meetingLink: 'https://meet.google.com/abc-defg-hij',
      applyToOpenSlots: true,
      trialPrice: null,
    });
    expect(await screen.findByTestId('elsewhere')).toBeTruthy();
    expect(missing).toEqual([]);
  }, 30_000);

  it('checks with the contract schema before sending, and puts the server field codes under their fields', async () => {
    const api = editorApi({
      [PATCH]: { status: 422, body: { status: 422, code: 'validation', errors: { hourlyRate: 'tooBig' } } },
    });
    const user = userEvent.setup();
    await renderEditor();
    const years = await screen.findByLabelText(enCommon.teacherForm.experienceYears);
    await user.clear(years);
    await user.type(years, '99');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    expect(await screen.findByText(enCommon.teacherForm.errors.tooBig)).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    expect(document.activeElement).toBe(years);

    await user.clear(years);
    await user.type(years, '9');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    const rate = screen.getByLabelText(enCommon.teacherForm.hourlyRate);
    await waitFor(() => expect(rate.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText(enCommon.teacherForm.errors.tooBig)).toBeTruthy();
    expect(document.activeElement).toBe(rate);
  });

  it('ar: a rate of ٠ says the minimum (0.500 KWD an hour) in Arabic, before sending (issue 29)', async () => {
    const api = editorApi();
    const user = userEvent.setup();
    const { missing } = await renderEditor('ar');
    const rate = await screen.findByLabelText(arCommon.teacherForm.hourlyRate);
    await user.clear(rate);
    await user.type(rate, '٠');
    await user.click(screen.getByRole('button', { name: ar.edit.save }));
    const words = arCommon.teacherForm.errors.rateTooSmall.replace('{{min}}', '').replace('.', '').trim();
    expect((await screen.findByText(new RegExp(words))).textContent).toMatch(/٠٫٥٠٠/);
    expect(api.callsTo(PATCH)).toHaveLength(0);
    expect(document.activeElement).toBe(rate);
    expect(missing).toEqual([]);
  });

  it("en: a bio with a hidden direction mark is refused before sending, and the server's rate tooSmall says the minimum", async () => {
    const {
      api,
      user,
      field: bioEn,
    } = await pasteAndSave(en.teaching.bioEn, ' \u202Ereversed', refusedField('hourlyRate', 'tooSmall'));
    expect(await screen.findByText(enCommon.teacherForm.errors.invalidCharacters)).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    await user.clear(bioEn);
    await user.type(bioEn, 'Physics made simple');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect((await screen.findByText(/An hour costs at least/)).textContent?.replace(/\s/g, ' ')).toBe(
      'An hour costs at least KWD 0.500.',
    );
  });

  it('refuses a meeting link that is not https on Zoom, Meet or Teams, and shows the server code under it', async () => {
    const {
      api,
      user,
      field: link,
    } = await pasteAndSave(
      en.teaching.meetingLink,
      'http://zoom.us/j/1',
      refusedField('meetingLink', 'meetingLinkNotAllowed'),
    );
    expect(await screen.findByText(enCommon.teacherForm.errors.meetingLinkNotAllowed)).toBeTruthy();
    expect(api.callsTo(PATCH)).toHaveLength(0);
    expect(document.activeElement).toBe(link);

    // An allowed link the server still refuses (its own check): its code shows under the field.
    await user.clear(link);
    await user.paste('https://zoom.us/j/1');
    expect(screen.queryByText(enCommon.teacherForm.errors.meetingLinkNotAllowed)).toBeNull();
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(await screen.findByText(enCommon.teacherForm.errors.meetingLinkNotAllowed)).toBeTruthy();
    expect(link.getAttribute('aria-invalid')).toBe('true');
  }, 30_000);

  it('saves the name for English and Arabic pages on the account, checked first (ADR 020)', async () => {
    const ME_PATCH = 'PATCH /api/v1/auth/me';
    const api = editorApi({
      [PATCH]: (call) => ok({ ...PROFILE, ...(call.body as object) }),
      [ME_PATCH]: (call) => ok({ ...USER, ...(call.body as object) }),
    });
    const user = userEvent.setup();
    await renderEditor();
    const firstAr = await screen.findByLabelText(en.fields.spelling.ar.first);
    expect(firstAr.getAttribute('dir')).toBe('rtl');
    await user.type(firstAr, 'Sara');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    expect(await screen.findByText(en.validation.notArabicScript)).toBeTruthy();
    expect(screen.getByText(en.validation.spellingPairRequired)).toBeTruthy();
    expect(api.callsTo(ME_PATCH)).toHaveLength(0);
    expect(api.callsTo(PATCH)).toHaveLength(0);

    await user.clear(firstAr);
    await user.type(firstAr, 'سارة');
    await user.type(screen.getByLabelText(en.fields.spelling.ar.last), 'علي');
    await user.click(screen.getByRole('button', { name: en.edit.save }));
    await waitFor(() => expect(api.callsTo(PATCH)).toHaveLength(1));
    expect(api.callsTo(ME_PATCH).map((call) => call.body)).toEqual([
      { firstNameEn: null, lastNameEn: null, firstNameAr: 'سارة', lastNameAr: 'علي' },
    ]);
  }, 30_000);

  it('reads in Arabic with every text from the locale file', async () => {
    editorApi();
    const { missing } = await renderEditor('ar');
    expect(await screen.findByRole('heading', { level: 1, name: ar.teaching.editTitle })).toBeTruthy();
    expect((await screen.findByLabelText(ar.teaching.bioAr)).getAttribute('lang')).toBe('ar');
    expect(screen.getByLabelText(ar.teaching.bioEn).getAttribute('lang')).toBe('en');
    expect(screen.getByRole('heading', { name: ar.teaching.preview })).toBeTruthy();
    // The zone by its Arabic name, the IANA id after it (the same id as the option's value and title).
    const zone = screen.getByLabelText(ar.teaching.timeZone) as HTMLSelectElement;
    expect(zone.value).toBe('Asia/Kuwait');
    expect(zone.selectedOptions[0]?.textContent).toBe('التوقيت العربي الرسمي (\u2068Asia/Kuwait\u2069)');
    expect(zone.selectedOptions[0]?.title).toBe('Asia/Kuwait');
    expect(missing).toEqual([]);
  });
});

describe("TeacherPresence (the teacher's own profile)", () => {
  const METER: TeacherCompleteness = {
    items: [
      { item: 'photo', done: false },
      { item: 'bioAr', done: true },
      { item: 'bioEn', done: true },
      { item: 'video', done: false },
      { item: 'subjects', done: true },
      { item: 'openSlots', done: false },
    ],
    done: 3,
    total: 6,
    openSlotsAhead: 0,
  };

  it('shows the card students see, the meter, and each missing piece with its cost and where to add it', async () => {
    mockApi({ [ME]: ok(PROFILE), [COMPLETENESS]: ok(METER) });
    const { missing } = await renderAppRoute(<TeacherPresence />, {
      language: 'en',
      path: '/profile',
      auth: signedIn(USER),
    });
    const meter = await screen.findByTestId('completeness');
    expect(within(meter).getAllByText('3 of 6 done').length).toBeGreaterThan(0);
    expect(within(meter).getByText(en.presence.items.video.cost)).toBeTruthy();
    expect(within(meter).getByRole('link', { name: en.presence.items.video.action }).getAttribute('href')).toBe(
      '/en/profile/edit#teacher-video',
    );
    expect(within(meter).getByRole('link', { name: en.presence.items.photo.action }).getAttribute('href')).toBe(
      '/en/profile/edit#teacher-photo',
    );
    expect(within(meter).getByRole('link', { name: en.presence.items.openSlots.action }).getAttribute('href')).toBe(
      '#availability-title',
    );
    expect(within(meter).queryByText(en.presence.items.bioAr.cost)).toBeNull();
    expect(screen.getByTestId('teacher-card')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.presence.openPublicPage }).getAttribute('href')).toBe('/en/teachers/7');
    expect(missing).toEqual([]);
  });

  it('says so when the profile is complete', async () => {
    const done = { ...METER, items: METER.items.map((item) => ({ ...item, done: true })), done: 6 };
    mockApi({ [ME]: ok(PROFILE), [COMPLETENESS]: ok(done) });
    await renderAppRoute(<TeacherPresence />, { language: 'ar', path: '/profile', auth: signedIn(USER) });
    expect(await screen.findByText(ar.presence.complete)).toBeTruthy();
    expect(screen.queryByRole('link', { name: ar.presence.items.video.action })).toBeNull();
  });
});
