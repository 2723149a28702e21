import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminUser } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin.json';
import en from '../../../../public/locales/en/admin.json';
import { formatKwd } from '../../../shared/lib/format.ts';
import { type ApiRoute, mockApi, ok } from '../../../shared/test/mock-api.ts';
import { refusal, renderAdminPage, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { AdminUserPage } from './user-page.tsx';
import { adminUser, adminUserDetail } from './user-test-data.ts';

function renderPage(user: AdminUser, language: Language = 'en') {
  return renderAdminPage(<AdminUserPage />, { language, path: `/admin/users/${user.id}`, pattern: '/admin/users/:id' });
}

/** The user page's API: the detail answers the user as the last action left it. */
function userApi(initial: AdminUser, routes: (state: { user: AdminUser }) => Record<string, ApiRoute> = () => ({})) {
  const state = { user: initial };
  return mockApi({
    [`GET /api/v1/admin/users/${initial.id}`]: () => ok(adminUserDetail(state.user)),
    ...routes(state),
  });
}

/** The promote route of `student`: it becomes a teacher awaiting approval (and `becomes`). */
function promoteRoute(student: AdminUser, becomes: Partial<AdminUser> = {}) {
  return (state: { user: AdminUser }) => ({
    [promotePath(student)]: () => {
      state.user = { ...state.user, roleId: 2, approved: false, ...becomes };
      return ok({ user: state.user });
    },
  });
}

function promotePath(user: AdminUser) {
  return `POST /api/v1/admin/users/${user.id}/promote`;
}

setUpAdminTests();

describe('AdminUserPage', () => {
  it('shows the account, its figures and links to its ledger, payments and reservations', async () => {
    const user = adminUser({ firstName: 'Fahad', lastName: 'Al-Ali', email: 'fahad@example.com' });
    userApi(user);
    const { missing } = await renderPage(user);

    expect(await screen.findByRole('heading', { level: 1, name: 'Fahad Al-Ali' })).toBeTruthy();
    const figures = screen.getByTestId('user-figures');
    expect(within(figures).getByText(en.user.figures.wallet).nextSibling?.textContent).toBe(formatKwd('12.500', 'en'));
    expect(within(figures).getByText(en.user.figures.reservations).nextSibling?.textContent).toBe('4');
    expect(screen.getByText('fahad@example.com')).toBeTruthy();
    expect(screen.getByRole('link', { name: en.user.links.ledger }).getAttribute('href')).toBe(
      `/en/admin/ledger?userId=${user.id}`,
    );
    expect(screen.getByRole('link', { name: en.user.links.payments }).getAttribute('href')).toBe(
      `/en/admin/payments?userId=${user.id}`,
    );
    expect(screen.getByRole('link', { name: en.user.links.reservations }).getAttribute('href')).toBe(
      `/en/admin/reservations?userId=${user.id}`,
    );
    // A confirmed student: promote and suspend, no resend or restore.
    expect(screen.getByRole('button', { name: en.user.promote.action })).toBeTruthy();
    expect(screen.getByRole('button', { name: en.user.suspend.action })).toBeTruthy();
    expect(screen.queryByRole('button', { name: en.user.resend.action })).toBeNull();
    expect(screen.queryByRole('button', { name: en.user.restore.action })).toBeNull();
    expect(missing).toEqual([]);
  });

  it('promotes a student with a starting rate and shows the teacher as pending approval (Arabic)', async () => {
    const student = adminUser();
    const api = userApi(student, promoteRoute(student, { teacherProfileId: 77 }));
    const { missing } = await renderPage(student, 'ar');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: ar.user.promote.action }));
    const dialog = await screen.findByRole('dialog', { name: ar.user.promote.title });
    await user.type(within(dialog).getByLabelText(ar.user.promote.rateLabel), '7.5');
    await user.click(within(dialog).getByRole('button', { name: ar.user.promote.confirm }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(promotePath(student))[0]?.body).toEqual({ hourlyRate: '7.5' });
    expect(await screen.findByText(ar.user.pendingApproval.title)).toBeTruthy();
    expect(screen.getByTestId('pending-teachers-link').getAttribute('href')).toBe(
      '/ar/admin/teachers?approval=pending',
    );
    expect(await screen.findByText(ar.user.promote.done)).toBeTruthy();
    // A teacher is not promoted again.
    expect(screen.queryByRole('button', { name: ar.user.promote.action })).toBeNull();
    expect(missing).toEqual([]);
  });

  it('promotes without a rate, and refuses a malformed one before asking the server', async () => {
    const student = adminUser();
    const api = userApi(student, promoteRoute(student));
    await renderPage(student);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.user.promote.action }));
    const dialog = await screen.findByRole('dialog');
    const rate = within(dialog).getByLabelText(en.user.promote.rateLabel);
    await user.type(rate, '7.5555');
    await user.click(within(dialog).getByRole('button', { name: en.user.promote.confirm }));
    expect(await within(dialog).findByText(en.errors.invalid)).toBeTruthy();
    expect(api.callsTo(promotePath(student))).toHaveLength(0);
    await user.clear(rate);
    await user.click(within(dialog).getByRole('button', { name: en.user.promote.confirm }));
    await waitFor(() => expect(api.callsTo(promotePath(student))).toHaveLength(1));
    expect(api.callsTo(promotePath(student))[0]?.body).toEqual({});
  });

  it('suspends only with a reason, then offers to restore', async () => {
    const target = adminUser({ firstName: 'Omar', lastName: 'Nasser' });
    const api = userApi(target, (state) => ({
      [`POST /api/v1/admin/users/${target.id}/suspend`]: () => {
        state.user = { ...state.user, status: 'suspended' };
        return ok({ user: state.user });
      },
      [`POST /api/v1/admin/users/${target.id}/restore`]: () => {
        state.user = { ...state.user, status: 'active' };
        return ok({ user: state.user });
      },
    }));
    await renderPage(target);
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: en.user.suspend.action }));
    const dialog = await screen.findByRole('dialog', { name: en.user.suspend.title });
    await user.click(within(dialog).getByRole('button', { name: en.user.suspend.confirm }));
    expect(within(dialog).getByText('Write at least 3 characters')).toBeTruthy();
    expect(api.callsTo(`POST /api/v1/admin/users/${target.id}/suspend`)).toHaveLength(0);

    await user.type(within(dialog).getByLabelText(/Reason/), 'Abusive messages');
    await user.click(within(dialog).getByRole('button', { name: en.user.suspend.confirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.callsTo(`POST /api/v1/admin/users/${target.id}/suspend`)[0]?.body).toEqual({
      reason: 'Abusive messages',
    });
    expect(await screen.findByText(en.user.suspendedNotice.title)).toBeTruthy();
    expect(await screen.findByText(en.user.suspend.done)).toBeTruthy();

    await user.click(screen.getByRole('button', { name: en.user.restore.action }));
    await waitFor(() => expect(api.callsTo(`POST /api/v1/admin/users/${target.id}/restore`)).toHaveLength(1));
    await waitFor(() => expect(screen.queryByText(en.user.suspendedNotice.title)).toBeNull());
    expect(screen.getByRole('button', { name: en.user.suspend.action })).toBeTruthy();
  });

  it('keeps the suspend dialog open with the server refusal', async () => {
    const target = adminUser();
    userApi(target, () => ({
      [`POST /api/v1/admin/users/${target.id}/suspend`]: refusal(422, { errors: { userId: 'protectedUser' } }),
    }));
    await renderPage(target);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.user.suspend.action }));
    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText(/Reason/), 'Testing the guard');
    await user.click(within(dialog).getByRole('button', { name: en.user.suspend.confirm }));
    expect(await screen.findAllByText(en.errors.protectedUser)).not.toHaveLength(0);
    expect(screen.getByRole('dialog')).toBeTruthy();
    expect((within(dialog).getByLabelText(/Reason/) as HTMLTextAreaElement).value).toBe('Testing the guard');
  });

  it('resends the confirmation e-mail only to an unconfirmed e-mail account', async () => {
    const unconfirmed = adminUser({ emailConfirmed: false, provider: 'email' });
    const api = userApi(unconfirmed, () => ({
      [`POST /api/v1/admin/users/${unconfirmed.id}/resend-confirmation`]: ok({ success: true }),
    }));
    const view = await renderPage(unconfirmed);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: en.user.resend.action }));
    expect(await screen.findByText(en.user.resend.done)).toBeTruthy();
    expect(api.callsTo(`POST /api/v1/admin/users/${unconfirmed.id}/resend-confirmation`)).toHaveLength(1);
    view.unmount();

    const google = adminUser({ emailConfirmed: false, provider: 'google' });
    userApi(google);
    await renderPage(google);
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByRole('button', { name: en.user.resend.action })).toBeNull();
  });

  it('says when the user does not exist', async () => {
    const ghost = adminUser();
    mockApi({});
    await renderPage(ghost);
    expect(await screen.findByRole('heading', { name: en.user.notFound.title })).toBeTruthy();
    expect(screen.getByRole('link', { name: en.user.back }).getAttribute('href')).toBe('/en/admin/users');
  });
});
