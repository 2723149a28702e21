import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { AdminReview } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import ar from '../../../../public/locales/ar/admin-money.json';
import en from '../../../../public/locales/en/admin-money.json';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { adminPageRenderer, listRequests, setUpAdminTests, tableRows } from '../ui/admin-test-utils.tsx';
import { listPage } from '../ui/list-test-data.ts';
import { adminReview } from './moderation-test-data.ts';
import { AdminReviewsPage } from './reviews-page.tsx';

const LIST = 'GET /api/v1/admin/reviews';

const renderPage = adminPageRenderer(<AdminReviewsPage />, '/admin/reviews');

function rows() {
  return tableRows('reviews-table');
}

setUpAdminTests();

describe('AdminReviewsPage', () => {
  it('lists reviews with stars, comment and visibility, and sends the filters', async () => {
    const visible = adminReview({ id: 1, rating: 2, comment: 'الشرح غير واضح' });
    const hidden = adminReview({ id: 2, hidden: true, hiddenAt: '2026-03-09T13:00:00.000Z', hiddenReason: 'Insults' });
    const calls = mockApi({ [LIST]: ok(listPage([visible, hidden])) });
    const { missing } = await renderPage({ path: '/admin/reviews?teacherId=7' });
    await screen.findByTestId('reviews-table');
    expect(calls.callsTo(LIST)[0]?.search.get('teacherId')).toBe('7');
    expect(screen.getByText('Teacher profile #7 only')).toBeTruthy();
    const [first, second] = rows() as [HTMLElement, HTMLElement];
    expect(within(first).getByText('\u2605\u2605\u2606\u2606\u2606').getAttribute('aria-hidden')).toBe('true');
    expect(within(first).getByText('2 out of 5')).toBeTruthy();
    expect(within(first).getByText('الشرح غير واضح').getAttribute('dir')).toBe('auto');
    expect(within(first).getByText(en.reviews.visible)).toBeTruthy();
    expect(within(first).getByRole('link', { name: 'Mona Al-Sabah' }).getAttribute('href')).toBe('/en/admin/users/42');
    expect(within(second).getByText(en.reviews.hidden)).toBeTruthy();
    expect(within(second).getByText('Insults')).toBeTruthy();
    expect(within(second).getByRole('button', { name: 'Show review #2 again' })).toBeTruthy();
    expect(missing).toEqual([]);

    const user = userEvent.setup();
    const list = listRequests(calls, LIST);
    await list.select(user, en.reviews.visibilityFilter, 'true', ['hidden', 'true']);
    await list.select(user, en.reviews.ratingFilter, '2', ['maxRating', '2']);
    await list.type(user, en.reviews.searchLabel, 'rude{Enter}', ['search', 'rude']);
  });

  it("hides a review with a reason and tells the teacher's new rating", async () => {
    const review = adminReview({ id: 5, rating: 1, comment: 'Abusive words' });
    let hidden = false;
    const calls = mockApi({
      [LIST]: () => ok(listPage([hidden ? { ...review, hidden: true, hiddenReason: 'Abusive language' } : review])),
      'POST /api/v1/admin/reviews/5/hide': () => {
        hidden = true;
        return ok({
          review: { ...review, hidden: true, hiddenReason: 'Abusive language' },
          teacher: { averageRating: 4.5, ratingCount: 2 },
        });
      },
    });
    await renderPage();
    await screen.findByTestId('reviews-table');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Hide review #5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hide review #5' });
    expect(within(dialog).getByText('Abusive words').getAttribute('dir')).toBe('auto');
    await user.click(within(dialog).getByRole('button', { name: en.reviews.hideConfirm }));
    expect(calls.callsTo('POST /api/v1/admin/reviews/5/hide')).toEqual([]);
    await user.type(within(dialog).getByLabelText(/Reason/), 'Abusive language');
    await user.click(within(dialog).getByRole('button', { name: en.reviews.hideConfirm }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(calls.callsTo('POST /api/v1/admin/reviews/5/hide')[0]?.body).toEqual({ reason: 'Abusive language' });
    expect(await screen.findByText("Review hidden. The teacher's rating is now 4.5 (2 reviews).")).toBeTruthy();
    await waitFor(() => expect(within(rows()[0] as HTMLElement).getByText(en.reviews.hidden)).toBeTruthy());
  });

  it('shows a hidden review again', async () => {
    const review: AdminReview = adminReview({ id: 6, hidden: true, hiddenReason: 'Mistake' });
    const calls = mockApi({
      [LIST]: ok(listPage([review])),
      'POST /api/v1/admin/reviews/6/unhide': ok({
        review: { ...review, hidden: false, hiddenReason: null },
        teacher: { averageRating: 4, ratingCount: 1 },
      }),
    });
    await renderPage();
    await screen.findByTestId('reviews-table');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Show review #6 again' }));
    expect(await screen.findByText("Review shown again. The teacher's rating is now 4.0 (1 review).")).toBeTruthy();
    expect(calls.callsTo('POST /api/v1/admin/reviews/6/unhide')).toHaveLength(1);
  });

  it('reads in Arabic', async () => {
    mockApi({ [LIST]: ok(listPage([adminReview({ id: 8, rating: 5 })])) });
    const { missing } = await renderPage({ language: 'ar' });
    await screen.findByTestId('reviews-table');
    expect(screen.getByRole('heading', { level: 1, name: ar.reviews.title })).toBeTruthy();
    expect(screen.getByText('٥ من ٥')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'إخفاء التقييم #٨' })).toBeTruthy();
    expect(screen.getByText(ar.reviews.types.student_to_teacher)).toBeTruthy();
    expect(missing).toEqual([]);
  });
});
