import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import arCommon from '../../../public/locales/ar/common.json';
import ar from '../../../public/locales/ar/profile.json';
import enCommon from '../../../public/locales/en/common.json';
import en from '../../../public/locales/en/profile.json';
import { type ApiAnswer, inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { review } from '../../shared/test/review-test-data.ts';
import { OwnReviews } from './own-reviews.tsx';
import { ownTeacherProfile } from './teacher-profile-test-data.ts';

/** A review of the signed-in teacher (Sara, profile 7) without a reply: the one that may get one. */
function ownReview(overrides: Partial<Review> = {}): Review {
  return review({
    id: 31,
    comment: 'شرح ممتاز',
    teacherName: 'Sara Ali',
    createdAt: '2026-03-10T09:00:00.000Z',
    subject: { id: 2, name: 'Physics' },
    ...overrides,
  });
}

/** The profile's API: the teacher's reviews (one list per read, the last one from then on) and the reply answer. */
function api(reviews: Review[][], reply: ApiAnswer) {
  return mockApi({
    'GET /api/teachers/profiles/me': ok(ownTeacherProfile()),
    'GET /api/reviews/for-teacher/7': inTurn(...reviews.map((list) => ok(list))),
    'POST /api/reviews/31/reply': reply,
  });
}

const render = (language: 'ar' | 'en' = 'en') =>
  renderRoute(<OwnReviews timeZone="Asia/Kuwait" />, { language, path: '/profile' });

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe("a teacher's own reviews on the profile", { timeout: 20_000 }, () => {
  it('shows each review with the verified mark, subject and date, and publishes one reply', async () => {
    const replied = ownReview({ reply: { text: 'Thank you, Fahad!', createdAt: '2026-03-11T09:00:00.000Z' } });
    const { calls, callsTo } = api(
      [
        [ownReview(), ownReview({ id: 32, reply: { text: 'Old reply', createdAt: '2026-03-11T09:00:00.000Z' } })],
        [replied],
      ],
      {
        status: 200,
        body: replied,
      },
    );
    await render();
    const cards = await screen.findAllByTestId('review-card', {}, { timeout: 5000 });
    expect(cards).toHaveLength(2);
    const [first, second] = cards as [HTMLElement, HTMLElement];
    expect(within(first).getByTestId('review-verified').textContent).toBe(enCommon.reviews.verifiedLesson);
    expect(within(first).getByTestId('review-subject').textContent).toContain('Physics');
    expect(within(first).getByTestId('review-date').textContent).toBe('Mar 10, 2026');
    // One reply per review: only the review without one offers Reply.
    expect(within(second).getByTestId('review-reply').textContent).toContain('Old reply');
    expect(within(second).queryByRole('button', { name: en.ownReviews.reply })).toBeNull();

    const user = userEvent.setup();
    await user.click(within(first).getByRole('button', { name: en.ownReviews.reply }));
    await user.click(within(first).getByRole('button', { name: en.ownReviews.send }));
    expect(within(first).getByText(en.ownReviews.replyRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);
    const box = within(first).getByLabelText(en.ownReviews.replyLabel);
    expect(box.getAttribute('maxlength')).toBe('1000');
    await user.type(box, '  Thank you, Fahad!  ');
    await user.click(within(first).getByRole('button', { name: en.ownReviews.send }));
    expect(calls.filter((call) => call.method === 'POST').map((call) => call.path)).toEqual(['/api/reviews/31/reply']);
    expect(callsTo('POST /api/reviews/31/reply')[0]?.body).toEqual({ text: 'Thank you, Fahad!' });
    // The list is read again and shows the reply under the review.
    expect((await screen.findByTestId('review-reply')).textContent).toContain('Thank you, Fahad!');
    expect(screen.queryByTestId('review-reply-form')).toBeNull();
  });

  it('a 409 replyAlreadyExists says so, in Arabic too', async () => {
    api([[ownReview()]], {
      status: 409,
      body: { status: 409, code: 'replyAlreadyExists', message: 'Server words' },
    });
    await render('ar');
    const card = await screen.findByTestId('review-card', {}, { timeout: 5000 });
    expect(within(card).getByTestId('review-verified').textContent).toBe(arCommon.reviews.verifiedLesson);
    const user = userEvent.setup();
    await user.click(within(card).getByRole('button', { name: ar.ownReviews.reply }));
    await user.type(within(card).getByLabelText(ar.ownReviews.replyLabel), 'شكرًا');
    await user.click(within(card).getByRole('button', { name: ar.ownReviews.send }));
    expect((await within(card).findByRole('alert')).textContent).toBe(ar.ownReviews.errors.replyAlreadyExists);
  });

  it('says when there is no published review yet', async () => {
    api([[ownReview({ published: false })]], { status: 200, body: {} });
    await render();
    expect((await screen.findByTestId('own-reviews-empty')).textContent).toContain(en.ownReviews.empty);
  });
});
