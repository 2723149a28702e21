import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { useTeacherReviews } from './get-teacher-reviews.ts';

function Names() {
  const { data } = useTeacherReviews(7);
  return <p>{data?.map((review) => review.teacherName).join(', ')}</p>;
}

const review = (teacherName: string) => ({
  id: 1,
  type: 'student_to_teacher',
  rating: 5,
  comment: 'Great',
  teacherId: 7,
  studentId: 3,
  teacherName,
  studentName: 'Mariam Hassan',
  teacherPhotoUrl: null,
  studentPhotoUrl: null,
  createdAt: '2026-01-01T00:00:00.000Z',
  published: true,
  verifiedLesson: true,
  reply: null,
  subject: null,
});

afterEach(() => vi.unstubAllGlobals());

describe('useTeacherReviews', () => {
  it("reads the reviews again in the other language (names are the page language's, ADR 020)", async () => {
    let answer = 'Fahad Al-Kandari';
    const api = mockApi({ 'GET /api/reviews/for-teacher/7': () => ok([review(answer)]) });
    const router = createMemoryRouter([{ path: '/:lang', element: <Names /> }], { initialEntries: ['/en'] });
    render(
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <RouterProvider router={router} />
      </QueryClientProvider>,
    );
    expect(await screen.findByText('Fahad Al-Kandari')).toBeTruthy();
    answer = 'فهد الكندري';
    await act(() => router.navigate('/ar'));
    expect(await screen.findByText('فهد الكندري')).toBeTruthy();
    expect(api.callsTo('GET /api/reviews/for-teacher/7')).toHaveLength(2);
  });
});
