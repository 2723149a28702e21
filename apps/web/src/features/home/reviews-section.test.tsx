import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import enHome from '../../../public/locales/en/home.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ReviewsSection } from './reviews-section.tsx';
import { makeReview, stubApi, stubBrowserLayout } from './test-support.tsx';

function renderReviews(language: 'ar' | 'en', answer: () => Response | Promise<Response>) {
  stubBrowserLayout();
  const fetchMock = stubApi({ '/api/reviews': answer });
  return { fetchMock, view: renderRoute(<ReviewsSection />, { language, path: '' }) };
}

describe('ReviewsSection', () => {
  it('asks for the latest 10 reviews and shows the loading placeholder meanwhile', async () => {
    const { fetchMock, view } = renderReviews('en', () => new Promise<Response>(() => {}));
    await view;
    expect(screen.getByRole('status').textContent).toBe(enHome.reviews.loading);
    expect(String(fetchMock.mock.calls[0]?.[0])).toBe('/api/reviews?limit=10');
  });

  it('shows the translated error in a red placeholder when the request fails', async () => {
    const { view } = renderReviews('ar', () => jsonResponse(500, { status: 500, message: 'boom', code: 'internal' }));
    await view;
    const message = await screen.findByText(arHome.reviews.error);
    expect(message.parentElement?.dataset.placeholder).toBe('error');
    expect(message.parentElement?.className).toContain('text-red-700');
    expect(screen.queryByText('boom')).toBeNull();
  });

  it('shows the empty message for an empty list', async () => {
    const { view } = renderReviews('en', () => jsonResponse(200, []));
    await view;
    expect(await screen.findByText(enHome.reviews.empty)).toBeTruthy();
    expect(screen.queryByTestId('review-card')).toBeNull();
  });

  it('shows the students reviews, without buttons for 3 or fewer', async () => {
    const reviews = [
      makeReview(1),
      makeReview(2, { type: 'teacher_to_student', comment: 'A teacher about a student' }),
      makeReview(3, { studentName: 'سارة العتيبي', rating: 4, teacherName: 'أحمد الكندري' }),
    ];
    const { view } = renderReviews('ar', () => jsonResponse(200, reviews));
    const { missing } = await view;
    const cards = await screen.findAllByTestId('review-card');
    expect(cards).toHaveLength(2);
    expect(screen.queryByText('A teacher about a student')).toBeNull();
    const sara = cards[1] as HTMLElement;
    expect(within(sara).getByText('سارة العتيبي')).toBeTruthy();
    expect(within(sara).getByText(arHome.reviews.teacher.replace('{{name}}', 'أحمد الكندري'))).toBeTruthy();
    expect(within(sara).getByTestId('avatar-initials').textContent).toBe('س\u200cع');
    expect(screen.queryByRole('button', { name: arHome.carousel.next })).toBeNull();
    expect(missing).toEqual([]);
  });

  it('has previous/next buttons for more than 3 reviews', async () => {
    const reviews = [1, 2, 3, 4].map((id) => makeReview(id));
    const { view } = renderReviews('en', () => jsonResponse(200, reviews));
    await view;
    expect(await screen.findAllByTestId('review-card')).toHaveLength(4);
    expect(screen.getByRole('button', { name: enHome.carousel.next })).toBeTruthy();
  });
});
