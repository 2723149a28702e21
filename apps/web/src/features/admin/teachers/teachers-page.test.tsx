import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminTeacher } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { ok } from '../../../shared/test/mock-api.ts';
import { adminSubject } from '../catalog/catalog-test-data.ts';
import { adminPageRenderer, listApi, refusal, replaceRow, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { adminTeacher } from './teacher-test-data.ts';
import { AdminTeachersPage } from './teachers-page.tsx';

const LIST = 'GET /api/v1/admin/teachers';

const renderPage = adminPageRenderer(<AdminTeachersPage />, '/admin/teachers');

setUpAdminTests();

describe('AdminTeachersPage', () => {
  it('approves a pending teacher in place and refetches the list', async () => {
    const pending = adminTeacher({ firstName: 'Mona', lastName: 'Saleh', approved: false });
    const api = listApi(LIST, [pending], (rows) => ({
      [`POST /api/v1/admin/teachers/${pending.id}/approve`]: () =>
        ok({ teacher: replaceRow(rows, pending.id, { approved: true, approvedAt: '2026-03-02T10:00:00.000Z' }) }),
    }));
    const { missing } = await renderPage();
    const table = await screen.findByRole('table', { name: en.teachers.caption });
    const row = within(table).getAllByRole('row')[1] as HTMLElement;
    expect(within(row).getByText(en.approval.pending)).toBeTruthy();
    expect(within(row).getByText('Mathematics')).toBeTruthy();
    expect(within(row).getByRole('link', { name: 'Mona Saleh' }).getAttribute('href')).toBe(
      `/en/admin/users/${pending.userId}`,
    );
    expect(api.callsTo(LIST)[0]?.search.get('approval')).toBe('all');
    expect(screen.getByText('1 result')).toBeTruthy();

    await userEvent.setup().click(within(row).getByRole('button', { name: 'Approve Mona Saleh' }));
    await waitFor(() => expect(api.callsTo(`POST /api/v1/admin/teachers/${pending.id}/approve`)).toHaveLength(1));
    await waitFor(() => expect(api.callsTo(LIST)).toHaveLength(2));
    expect(await within(row).findByText(en.approval.approved)).toBeTruthy();
    expect(within(row).getByRole('button', { name: 'Unapprove Mona Saleh' })).toBeTruthy();
    expect(await screen.findByText('Mona Saleh is approved and listed in search.')).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('unapproves, filters by approval through the URL, in Arabic', async () => {
    const approved = adminTeacher({ approved: true, firstName: 'منى', lastName: 'الصباح' });
    const api = listApi(LIST, [approved], (rows) => ({
      [`POST /api/v1/admin/teachers/${approved.id}/unapprove`]: () =>
        ok({ teacher: replaceRow(rows, approved.id, { approved: false, approvedAt: null }) }),
    }));
    const { router, missing } = await renderPage({ language: 'ar' });
    const row = (await screen.findAllByRole('row'))[1] as HTMLElement;
    expect(within(row).getByText('الرياضيات')).toBeTruthy();
    expect(screen.getByText('نتيجة واحدة')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(row).getByRole('button', { name: 'إلغاء اعتماد منى الصباح' }));
    expect(await within(row).findByText(ar.approval.pending)).toBeTruthy();
    expect(api.callsTo(`POST /api/v1/admin/teachers/${approved.id}/unapprove`)).toHaveLength(1);

    await user.selectOptions(screen.getByLabelText(ar.teachers.approvalFilter), ar.approval.pending);
    await waitFor(() => expect(router.state.location.search).toBe('?approval=pending'));
    await waitFor(() => expect(api.callsTo(LIST).at(-1)?.search.get('approval')).toBe('pending'));
    expect(missing).toEqual([]);
  });

  it('opens with the approval filter of the URL (the overview link)', async () => {
    const api = listApi(LIST, [adminTeacher()]);
    await renderPage({ path: '/admin/teachers?approval=pending' });
    await screen.findByRole('table');
    expect(api.callsTo(LIST)[0]?.search.get('approval')).toBe('pending');
    expect((screen.getByLabelText(en.teachers.approvalFilter) as HTMLSelectElement).value).toBe('pending');
  });

  it('edits the profile in both languages with subjects named in the viewer language', async () => {
    const teacher = adminTeacher({ firstName: 'Mona', lastName: 'Saleh' });
    const physics = adminSubject({ id: 2, nameAr: 'الفيزياء', nameEn: 'Physics' });
    const maths = adminSubject({ id: 1, nameAr: 'الرياضيات', nameEn: 'Mathematics' });
    const api = listApi(LIST, [teacher], (rows) => ({
      'GET /api/v1/admin/subjects': ok(listPage([maths, physics])),
      [`PATCH /api/v1/admin/teachers/${teacher.id}`]: (call) =>
        ok({ teacher: replaceRow(rows, teacher.id, call.body as Partial<AdminTeacher>) }),
    }));
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Mona Saleh' }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Mona Saleh' });
    const subjectsCall = await waitFor(() => {
      const call = api.callsTo('GET /api/v1/admin/subjects')[0];
      expect(call).toBeTruthy();
      return call;
    });
    expect([subjectsCall?.search.get('isActive'), subjectsCall?.search.get('limit')]).toEqual(['true', '100']);
    const mathsBox = await within(dialog).findByRole('checkbox', { name: 'Mathematics' });
    expect((mathsBox as HTMLInputElement).checked).toBe(true);

    expect((within(dialog).getByLabelText(en.teacherEdit.bioAr) as HTMLTextAreaElement).value).toBe(teacher.bioAr);
    await user.clear(within(dialog).getByLabelText(en.teacherEdit.majorEn));
    await user.type(within(dialog).getByLabelText(en.teacherEdit.majorEn), 'Applied maths');
    await user.clear(within(dialog).getByLabelText(en.teacherEdit.hourlyRate));
    await user.type(within(dialog).getByLabelText(en.teacherEdit.hourlyRate), '12.750');
    await user.type(within(dialog).getByLabelText(en.teacherEdit.videoUrl), 'https://youtu.be/abc');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Physics' }));
    await user.click(within(dialog).getByRole('button', { name: en.actions.save }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`PATCH /api/v1/admin/teachers/${teacher.id}`)[0]?.body).toEqual({
      bioAr: teacher.bioAr,
      bioEn: teacher.bioEn,
      majorAr: teacher.majorAr,
      majorEn: 'Applied maths',
      experienceYears: teacher.experienceYears,
      hourlyRate: '12.750',
      videoUrl: 'https://youtu.be/abc',
      subjectIds: [1, 2],
    });
    expect(await screen.findByText(en.teacherEdit.saved)).toBeTruthy();
  });

  it('shows server field errors under the fields and keeps the dialog', async () => {
    const teacher = adminTeacher({ firstName: 'Mona', lastName: 'Saleh' });
    listApi(LIST, [teacher], () => ({
      'GET /api/v1/admin/subjects': ok(listPage([])),
      [`PATCH /api/v1/admin/teachers/${teacher.id}`]: refusal(422, { errors: { videoUrl: 'invalid' } }),
    }));
    await renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit Mona Saleh' }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(en.teacherEdit.videoUrl), 'https://example.com/v');
    await user.click(within(dialog).getByRole('button', { name: en.actions.save }));
    const field = within(dialog).getByLabelText(en.teacherEdit.videoUrl);
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    expect(document.getElementById(field.getAttribute('aria-describedby')?.split(' ').at(-1) ?? '')?.textContent).toBe(
      en.errors.invalid,
    );
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
