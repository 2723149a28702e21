import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import arCommon from '../../../public/locales/ar/common.json';
import ar from '../../../public/locales/ar/teach.json';
import enCommon from '../../../public/locales/en/common.json';
import en from '../../../public/locales/en/teach.json';
import { GUEST, signedIn, teacher, testUser } from '../../shared/test/auth-test-data.ts';
import { labelled } from '../../shared/test/label-text.ts';
import { mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderAppRoute } from '../../shared/test/render-app-route.tsx';
import { SUBJECT_LIST } from '../../shared/test/subject-test-data.ts';
import { teacherApplication } from '../../shared/test/teacher-application-test-data.ts';
import { TeachPage } from './teach-page.tsx';

const MINE = 'GET /api/v1/teacher-applications/mine';
const SUBJECTS = 'GET /api/v1/subjects';
const APPLY = 'POST /api/v1/teacher-applications';

const BIO_AR = 'أدرّس الرياضيات منذ عشر سنوات لطلاب الثانوية';
const BIO_EN = 'I have taught maths to secondary students for ten years';

const field = (label: string) => screen.getByLabelText(labelled(label));

/** The form's fields by their English labels, in the order a reader fills them in. */
const FIELDS = {
  bioAr: en.form.bioAr,
  bioEn: en.form.bioEn,
  major: enCommon.teacherForm.major,
  experienceYears: enCommon.teacherForm.experienceYears,
  missingSubject: en.form.missingSubject,
  hourlyRate: enCommon.teacherForm.hourlyRate,
  videoUrl: en.form.videoUrl,
};

/** Types an application into the form: the two bios (BIO_AR, BIO_EN), then `fields`, then ticks `subject`. */
async function fillIn(
  user: ReturnType<typeof userEvent.setup>,
  fields: Partial<Record<keyof typeof FIELDS, string>>,
  subject: string,
) {
  const typed: Partial<Record<keyof typeof FIELDS, string>> = { bioAr: BIO_AR, bioEn: BIO_EN, ...fields };
  for (const [name, label] of Object.entries(FIELDS)) {
    const text = typed[name as keyof typeof FIELDS];
    if (text !== undefined) await user.type(await screen.findByLabelText(labelled(label)), text);
  }
  await user.click(await screen.findByRole('checkbox', { name: subject }));
}

function renderTeach(auth = signedIn(testUser()), language: 'ar' | 'en' = 'en') {
  return renderAppRoute(<TeachPage />, { language, path: '/teach', auth });
}

describe('TeachPage', () => {
  it('shows a visitor what teaching on Ustaz means and asks them to sign up or sign in', async () => {
    const calls = mockApi({});
    const { missing } = await renderTeach(GUEST);
    expect(screen.getByRole('heading', { level: 1, name: en.intro.title })).toBeTruthy();
    expect(screen.getByText(en.intro.points.earnings.title)).toBeTruthy();
    expect(screen.getByRole('link', { name: en.intro.register }).getAttribute('href')).toBe('/en/register');
    expect(screen.getByRole('link', { name: en.intro.login }).getAttribute('href')).toBe('/en/login');
    expect(screen.queryByRole('form')).toBeNull();
    expect(calls.calls).toEqual([]);
    expect(missing).toEqual([]);
  });

  it('sends a teacher to their profile, an admin to the queue, and asks an unconfirmed student to confirm first', async () => {
    mockApi({});
    const first = await renderTeach(signedIn(teacher()));
    expect(screen.getByRole('link', { name: en.gate.teacher.action }).getAttribute('href')).toBe('/en/profile');
    first.unmount();
    const second = await renderTeach(signedIn(testUser({ role: { id: 1, name: 'admin' } })));
    expect(screen.getByRole('link', { name: en.gate.admin.action }).getAttribute('href')).toBe(
      '/en/admin/teacher-applications',
    );
    second.unmount();
    await renderTeach(signedIn(testUser({ emailConfirmed: false })));
    expect(
      screen.getByText('Open the confirmation link we sent to mariam@ustaz.example, then come back to apply.'),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.form.submit })).toBeNull();
  });

  it('checks the form with the contract schema, previews the video, reads Arabic-Indic digits and sends the application', async () => {
    const calls = mockApi({
      [MINE]: ok({ application: null }),
      [SUBJECTS]: SUBJECT_LIST,
      [APPLY]: { status: 201, body: { id: 9, status: 'pending' } },
    });
    await renderTeach();
    const user = userEvent.setup();
    const submit = await screen.findByRole('button', { name: en.form.submit });
    await user.click(submit);
    expect(calls.callsTo(APPLY)).toEqual([]);
    expect(screen.getAllByText(enCommon.teacherForm.errors.required).length).toBeGreaterThan(0);
    expect(screen.getByText(enCommon.teacherForm.errors.tooShort)).toBeTruthy();
    expect(document.activeElement?.id).toBe('teach-bio-ar');

    await fillIn(
      user,
      { major: 'Mathematics', experienceYears: '١٠', missingSubject: 'Statistics', hourlyRate: '١٢٫٥' },
      'Physics',
    );
    await user.type(field(en.form.videoUrl), 'not a video');
    expect(screen.getByTestId('video-unknown')).toBeTruthy();
    await user.clear(field(en.form.videoUrl));
    await user.type(field(en.form.videoUrl), 'https://youtu.be/dQw4w9WgXcQ');
    expect(screen.getByTestId('video-preview').getAttribute('src')).toBe(
      'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ?rel=0',
    );
    await user.click(submit);
    await waitFor(() => expect(calls.callsTo(APPLY)).toHaveLength(1));
    expect(calls.callsTo(APPLY)[0]?.body).toEqual({
      bioAr: BIO_AR,
      bioEn: BIO_EN,
      major: 'Mathematics',
      experienceYears: 10,
      subjectIds: [2],
      missingSubject: 'Statistics',
      hourlyRate: '12.5',
      videoUrl: 'https://youtu.be/dQw4w9WgXcQ',
    });
  }, 30_000);

  it('marks the fields the schema requires with the standard mark, not with a star in the label text', async () => {
    mockApi({ [MINE]: ok({ application: null }), [SUBJECTS]: SUBJECT_LIST });
    await renderTeach(signedIn(testUser()), 'ar');
    await screen.findByRole('checkbox', { name: 'Physics' });
    for (const text of [
      ar.form.bioAr,
      ar.form.bioEn,
      arCommon.teacherForm.major,
      arCommon.teacherForm.experienceYears,
      arCommon.teacherForm.hourlyRate,
    ]) {
      expect(text).not.toContain('*');
      const input = screen.getByLabelText(`${text}*`);
      expect(input.getAttribute('aria-required')).toBe('true');
    }
    expect(screen.getByLabelText(`${ar.form.videoUrl}*`).getAttribute('aria-required')).toBe('true');
    const legend = screen.getByText(arCommon.teacherForm.subjects, { selector: 'legend' });
    expect(legend.textContent).toBe(`${arCommon.teacherForm.subjects}*`);
    const marks = screen.getAllByText('*');
    expect(marks).toHaveLength(7);
    for (const mark of marks) expect(mark.getAttribute('aria-hidden')).toBe('true');
    const optional = screen.getByLabelText(ar.form.missingSubject);
    expect(optional.getAttribute('aria-required')).toBeNull();
    expect(ar.form.subtitle).toContain('*');
  });

  it("shows the server's field codes under their fields", async () => {
    mockApi({
      [MINE]: ok({ application: null }),
      [SUBJECTS]: SUBJECT_LIST,
      [APPLY]: { status: 422, body: { status: 422, errors: { subjectIds: 'notFound', videoUrl: 'invalid' } } },
    });
    await renderTeach();
    const user = userEvent.setup();
    await fillIn(
      user,
      { major: 'Maths', experienceYears: '3', hourlyRate: '10', videoUrl: 'http://example.com/v' },
      'Mathematics',
    );
    await user.click(screen.getByRole('button', { name: en.form.submit }));
    expect(await screen.findByText(enCommon.teacherForm.errors.notFound)).toBeTruthy();
    expect(field(en.form.videoUrl).getAttribute('aria-invalid')).toBe('true');
  }, 30_000);

  it('shows a pending application, an approved one with the way to the profile, and a rejected one with its reason and a new form', async () => {
    let application = teacherApplication({ status: 'pending' });
    mockApi({ [MINE]: () => ok({ application }), [SUBJECTS]: SUBJECT_LIST });
    const first = await renderTeach();
    const pending = await screen.findByTestId('application-pending');
    expect(within(pending).getByText(en.status.pending.label)).toBeTruthy();
    expect(within(pending).getByText('Mathematics, Physics')).toBeTruthy();
    first.unmount();

    application = teacherApplication({ status: 'approved' });
    const second = await renderTeach();
    const approved = await screen.findByTestId('application-approved');
    expect(within(approved).getByRole('link', { name: en.status.approved.action }).getAttribute('href')).toBe(
      '/en/profile',
    );
    second.unmount();

    application = teacherApplication({ status: 'rejected', rejectionReason: 'The video does not play' });
    await renderTeach();
    const rejected = await screen.findByTestId('application-rejected');
    expect(within(rejected).getByText('The video does not play').getAttribute('dir')).toBe('auto');
    await userEvent.setup().click(within(rejected).getByRole('button', { name: en.status.rejected.again }));
    expect(await screen.findByRole('button', { name: en.form.submit })).toBeTruthy();
  });

  it('is in Arabic, right to left, with the Arabic texts', async () => {
    mockApi({ [MINE]: ok({ application: teacherApplication({ status: 'pending' }) }), [SUBJECTS]: SUBJECT_LIST });
    const { missing } = await renderTeach(signedIn(testUser()), 'ar');
    expect(screen.getByRole('heading', { level: 1, name: ar.intro.title })).toBeTruthy();
    const pending = await screen.findByTestId('application-pending');
    expect(within(pending).getByText(ar.status.pending.label)).toBeTruthy();
    expect(within(pending).getByText('الرياضيات، الفيزياء')).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
