import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review } from '@ustaz/contract';
import { describe, expect, it, vi } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';
import { review } from '../test/review-test-data.ts';
import { jsonResponse } from '../test/test-i18n.ts';
import { StudentReviewsSummary } from './student-reviews-summary.tsx';

/** A published review of the student by a teacher (no subject), rated `rating`. */
function teacherReview(id: number, rating: number, overrides: Partial<Review> = {}): Review {
  return review({
    id,
    type: 'teacher_to_student',
    rating,
    comment: `Comment ${id}`,
    createdAt: '2026-03-10T09:00:00.000Z',
    subject: null,
    ...overrides,
  });
}

function answer(status: number, body: unknown) {
  const fetchMock = vi.fn(async (_input: RequestInfo | URL) => jsonResponse(status, body));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('StudentReviewsSummary', () => {
  it("sums up the student's published reviews from teachers and opens to the list", async () => {
    const fetchMock = answer(200, [
      teacherReview(1, 5),
      teacherReview(2, 4),
      teacherReview(3, 5),
      // The reader's own blind review is not a rating yet; a student's review of a teacher is not about them.
      teacherReview(4, 1, { published: false }),
      teacherReview(5, 1, { type: 'student_to_teacher' }),
    ]);
    await renderRoute(<StudentReviewsSummary studentId={9} timeZone="Asia/Kuwait" />, { language: 'en', path: '/x' });
    const summary = await screen.findByTestId('student-reviews', {}, { timeout: 5000 });
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain('/api/reviews/for-student/9');
    expect(summary.querySelector('summary')?.textContent).toBe('Reviews from teachers: 4.7 (3)');
    await userEvent.setup().click(within(summary).getByText(/Reviews from teachers/));
    expect(
      within(summary)
        .getAllByTestId('review-card')
        .map((card) => within(card).getByText(/Comment/).textContent),
    ).toEqual(['Comment 1', 'Comment 2', 'Comment 3']);
  });

  it('in Arabic digits; a line when there is none; nothing when the server refuses', async () => {
    answer(200, [teacherReview(1, 4)]);
    const view = await renderRoute(<StudentReviewsSummary studentId={9} timeZone="Asia/Kuwait" />, {
      language: 'ar',
      path: '/x',
    });
    expect((await screen.findByTestId('student-reviews')).textContent).toContain('تقييمات المعلّمين: ٤٫٠ (١)');
    view.unmount();
    answer(200, []);
    const empty = await renderRoute(<StudentReviewsSummary studentId={10} timeZone="Asia/Kuwait" />, {
      language: 'en',
      path: '/x',
    });
    expect((await screen.findByTestId('student-reviews-none')).textContent).toBe('No reviews from teachers yet');
    empty.unmount();
    const refused = answer(403, { status: 403, code: 'forbidden', message: 'No' });
    const { container } = await renderRoute(<StudentReviewsSummary studentId={11} timeZone="Asia/Kuwait" />, {
      language: 'en',
      path: '/x',
    });
    await vi.waitFor(() => expect(refused).toHaveBeenCalled());
    expect(container.querySelector('[data-testid^="student-reviews"]')).toBeNull();
  });
});
