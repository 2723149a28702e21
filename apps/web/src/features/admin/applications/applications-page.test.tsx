import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import en from '../../../../public/locales/en/admin.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminTeacherApplication } from '../../../shared/test/teacher-application-test-data.ts';
import { adminPageRenderer, refusal, setUpAdminTests, tableRows } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { AdminApplicationsPage } from './applications-page.tsx';

const LIST = 'GET /api/v1/admin/teacher-applications';
const renderPage = adminPageRenderer(<AdminApplicationsPage />, '/admin/teacher-applications');

setUpAdminTests();

describe('AdminApplicationsPage', () => {
  it('lists the waiting applications with the applicant, profile, subjects, rate and links; the filter asks for another status', async () => {
    const application = adminTeacherApplication({ id: 3, missingSubject: 'Statistics' });
    const calls = mockApi({ [LIST]: ok(listPage([application])) });
    const { missing } = await renderPage();
    await screen.findByTestId('applications-table');
    expect(calls.callsTo(LIST)[0]?.search.get('status')).toBe('pending');
    const [row] = tableRows('applications-table') as [HTMLElement];
    expect(
      within(row)
        .getByRole('link', { name: /Huda Al-Saleh/ })
        .getAttribute('href'),
    ).toBe(`/en/admin/users/${application.user.id}`);
    expect(within(row).getByText('Mathematics, Physics', { exact: false })).toBeTruthy();
    expect(within(row).getByText('Statistics')).toBeTruthy();
    expect(within(row).getByRole('link', { name: en.applications.video }).getAttribute('href')).toBe(
      application.videoUrl,
    );
    expect(within(row).getByText(en.applications.noCertificate)).toBeTruthy();
    expect(within(row).getByText(en.applications.statuses.pending)).toBeTruthy();
    expect(missing).toEqual([]);

    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText(en.applications.statusFilter), 'rejected');
    await waitFor(() => expect(calls.callsTo(LIST).at(-1)?.search.get('status')).toBe('rejected'));
  });

  it('approves an application and says the applicant is now a listed teacher', async () => {
    const application = adminTeacherApplication({ id: 4 });
    let decided = false;
    const calls = mockApi({
      [LIST]: () => ok(listPage(decided ? [] : [application])),
      'POST /api/v1/admin/teacher-applications/4/approve': () => {
        decided = true;
        return ok({ application: { ...application, status: 'approved' } });
      },
    });
    await renderPage();
    await screen.findByTestId('applications-table');
    const name = `${application.user.firstName} ${application.user.lastName}`;
    await userEvent.setup().click(screen.getByRole('button', { name: `Approve the application of ${name}` }));
    expect(await screen.findByText(`${name} is now a teacher and listed in search.`)).toBeTruthy();
    expect(calls.callsTo('POST /api/v1/admin/teacher-applications/4/approve')).toHaveLength(1);
    expect(await screen.findByText(en.applications.empty.title)).toBeTruthy();
  });

  it('rejects with a reason (required), and explains a 409 when it was decided meanwhile', async () => {
    const application = adminTeacherApplication({ id: 5 });
    const calls = mockApi({
      [LIST]: ok(listPage([application])),
      'POST /api/v1/admin/teacher-applications/5/reject': refusal(409, { code: 'applicationNotPending' }),
    });
    await renderPage();
    await screen.findByTestId('applications-table');
    const name = `${application.user.firstName} ${application.user.lastName}`;
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: `Reject the application of ${name}` }));
    const dialog = await screen.findByRole('dialog', { name: `Reject the application of ${name}` });
    await user.click(within(dialog).getByRole('button', { name: en.applications.rejectConfirm }));
    expect(calls.callsTo('POST /api/v1/admin/teacher-applications/5/reject')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'The video link does not work');
    await user.click(within(dialog).getByRole('button', { name: en.applications.rejectConfirm }));
    expect((await screen.findAllByText(en.applications.errors.applicationNotPending)).length).toBeGreaterThan(0);
    expect(calls.callsTo('POST /api/v1/admin/teacher-applications/5/reject')[0]?.body).toEqual({
      reason: 'The video link does not work',
    });
  });

  it('reads right to left in Arabic with the Arabic texts', async () => {
    mockApi({ [LIST]: ok(listPage([adminTeacherApplication({ id: 6 })])) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('applications-table');
    expect(screen.getByRole('heading', { name: 'طلبات التدريس' })).toBeTruthy();
    expect(
      within(tableRows('applications-table')[0] as HTMLElement).getByText('الرياضيات، الفيزياء', { exact: false }),
    ).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
