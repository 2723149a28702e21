import { screen, within } from '@testing-library/react';
import type { Review } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';
import { review } from '../test/review-test-data.ts';
import { ReviewCard } from './review-card.tsx';

const base = review({
  rating: 4,
  comment: 'شرح ممتاز',
  reply: { text: 'Thank you, Fahad!', createdAt: '2026-02-11T09:00:00.000Z' },
});

const render = (shown: Review, language: 'ar' | 'en' = 'en') =>
  renderRoute(
    <ul>
      <ReviewCard review={shown} timeZone="Asia/Kuwait" />
    </ul>,
    { language, path: '/teachers/7' },
  );

describe('ReviewCard', () => {
  it("marks a verified lesson, names the subject and the date, and shows the teacher's reply below", async () => {
    await render(base);
    const card = await screen.findByTestId('review-card');
    expect(within(card).getByText('Fahad Al-Ali')).toBeTruthy();
    expect(within(card).getByRole('img', { name: 'Rated 4.0 out of 5' })).toBeTruthy();
    expect(within(card).getByTestId('review-verified').textContent).toBe('Verified lesson');
    expect(within(card).getByTestId('review-subject').textContent).toBe('Subject: Mathematics');
    expect(within(card).getByTestId('review-date').textContent).toBe('Feb 10, 2026');
    expect(within(card).getByText('شرح ممتاز').getAttribute('dir')).toBe('auto');
    const reply = within(card).getByTestId('review-reply');
    expect(reply.textContent).toBe('Reply from Mona Al-SabahThank you, Fahad!');
    // The reply comes after the review's words.
    const comment = within(card).getByText('شرح ممتاز');
    expect(comment.compareDocumentPosition(reply) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(within(card).queryByTestId('review-unpublished')).toBeNull();
  });

  it('in Arabic; without subject or reply; the author of a review of a student is the teacher; unpublished says so', async () => {
    await render({ ...base, type: 'teacher_to_student', subject: null, reply: null, published: false }, 'ar');
    const card = await screen.findByTestId('review-card');
    expect(within(card).getByText('Mona Al-Sabah')).toBeTruthy();
    expect(within(card).getByTestId('review-verified').textContent).toBe('درس موثَّق');
    expect(within(card).getByTestId('review-date').textContent).toContain('٢٠٢٦');
    expect(within(card).queryByTestId('review-subject')).toBeNull();
    expect(within(card).queryByTestId('review-reply')).toBeNull();
    expect(within(card).getByTestId('review-unpublished')).toBeTruthy();
  });
});
