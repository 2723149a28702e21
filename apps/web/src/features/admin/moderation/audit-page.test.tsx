import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, listRequests, setUpAdminTests } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { AdminAuditPage } from './audit-page.tsx';
import { auditEntry } from './moderation-test-data.ts';

const LIST = 'GET /api/v1/admin/audit';

const renderPage = adminPageRenderer(<AdminAuditPage />, '/admin/audit');

setUpAdminTests();

describe('AdminAuditPage', () => {
  it('lists who did what on which record and why', async () => {
    const entry = auditEntry({ id: 3, reason: 'رسائل مزعجة' });
    const orphan = auditEntry({ id: 4, actor: null, action: 'refund.manual', entityType: 'transfer', entityId: '88' });
    mockApi({ [LIST]: ok(listPage([entry, orphan])) });
    const { missing } = await renderPage();
    const table = await screen.findByTestId('audit-table');
    const [first, second] = within(table).getAllByRole('row').slice(1) as [HTMLElement, HTMLElement];
    expect(within(first).getByRole('link', { name: 'Site Admin' }).getAttribute('href')).toBe('/en/admin/users/1');
    expect(within(first).getByText(en.audit.actions['user.suspend'])).toBeTruthy();
    expect(within(first).getByText('رسائل مزعجة').getAttribute('dir')).toBe('auto');
    expect(within(first).getByRole('link', { name: 'User \u20687\u2069' }).getAttribute('href')).toBe(
      '/en/admin/audit?entityType=user&entityId=7',
    );
    expect(within(second).getByText(en.audit.deletedActor)).toBeTruthy();
    expect(within(second).getByText(en.audit.actions['refund.manual'])).toBeTruthy();
    expect(missing).toEqual([]);
  });

  it('opens an entry to show only the keys it changed, before and after as JSON', async () => {
    const entry = auditEntry({
      id: 9,
      action: 'review.hide',
      entityType: 'review',
      entityId: '5',
      before: { hidden: false, hiddenReason: null, teacherRating: { averageRating: 4, ratingCount: 3 }, same: 'x' },
      after: {
        hidden: true,
        hiddenReason: 'Insults',
        teacherRating: { averageRating: 4.5, ratingCount: 2 },
        same: 'x',
      },
    });
    mockApi({ [LIST]: ok(listPage([entry])) });
    await renderPage();
    await screen.findByTestId('audit-table');
    const button = screen.getByRole('button', { name: en.audit.showChanges });
    expect(button.getAttribute('aria-expanded')).toBe('false');
    await userEvent.setup().click(button);
    expect(screen.getByRole('button', { name: en.audit.hideChanges }).getAttribute('aria-expanded')).toBe('true');
    const changes = screen.getAllByTestId('audit-change');
    expect(changes.map((change) => change.querySelector('dt')?.textContent)).toEqual([
      'hidden',
      'hiddenReason',
      'teacherRating',
    ]);
    const values = changes.map((change) => [
      within(change).getByTestId('audit-before').textContent,
      within(change).getByTestId('audit-after').textContent,
    ]);
    expect(values).toEqual([
      ['false', 'true'],
      ['null', '"Insults"'],
      ['{"averageRating":4,"ratingCount":3}', '{"averageRating":4.5,"ratingCount":2}'],
    ]);
    expect(
      within(changes[0] as HTMLElement)
        .getByTestId('audit-before')
        .getAttribute('dir'),
    ).toBe('ltr');
  });

  it('marks a key that did not exist before', async () => {
    mockApi({ [LIST]: ok(listPage([auditEntry({ before: null, after: { name: 'Physics' } })])) });
    await renderPage();
    await screen.findByTestId('audit-table');
    await userEvent.setup().click(screen.getByRole('button', { name: en.audit.showChanges }));
    expect(screen.getByTestId('audit-before').textContent).toBe(en.audit.noValue);
    expect(screen.getByTestId('audit-after').textContent).toBe('"Physics"');
  });

  it('sends the filters', async () => {
    const calls = mockApi({ [LIST]: ok(listPage([auditEntry()])) });
    await renderPage({ path: '/admin/audit?entityType=payment&entityId=pay9' });
    await screen.findByTestId('audit-table');
    const list = listRequests(calls, LIST);
    list.expectFirstPage({
      entityType: 'payment',
      entityId: 'pay9',
    });
    const user = userEvent.setup();
    await list.select(user, en.audit.actionFilter, 'payment.reconcile', ['action', 'payment.reconcile']);
    await list.type(user, en.audit.actorId, '1{Enter}', ['actorId', '1']);
  });

  it('reads in Arabic', async () => {
    mockApi({ [LIST]: ok(listPage([auditEntry({ action: 'teacher.approve', entityType: 'teacher' })])) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('audit-table');
    expect(screen.getByRole('heading', { level: 1, name: ar.audit.title })).toBeTruthy();
    expect(within(screen.getByTestId('audit-table')).getByText(ar.audit.actions['teacher.approve'])).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: ar.audit.showChanges }));
    expect(screen.getAllByTestId('audit-change')).toHaveLength(1);
    expect(missing).toEqual([]);
  });
});
