import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Review, ReviewState } from '@ustaz/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import ar from '../../../public/locales/ar/reservations.json';
import en from '../../../public/locales/en/reservations.json';
import { REVIEW_PROMPTS_LIMIT } from '../../shared/reviews/reviews-due.ts';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { review } from '../../shared/test/review-test-data.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { reservation, reservationsPage, STUDENT_USER_ID, TEACHER_USER_ID } from './reservation-test-data.ts';
import { ReviewsToWrite } from './reviews-to-write.tsx';

const ZONE = 'Asia/Kuwait';
const completed = reservation({ status: 'completed', canCancel: false });

type Call = { method: string; path: string; query: URLSearchParams; body: unknown };

/** The review the student sent, not published yet. */
function sentReview(overrides: Partial<Review> = {}): Review {
  return review({
    id: 70,
    rating: 4,
    comment: 'Clear',
    studentId: STUDENT_USER_ID,
    createdAt: '2026-03-15T10:00:00.000Z',
    published: false,
    subject: null,
    ...overrides,
  });
}

function mockApi({
  states = [
    {
      reservationId: completed.id,
      mine: 'none',
      canReview: true,
      reviewDeadline: '2026-03-28T16:00:00.000Z',
      aboutMe: null,
    },
  ],
  post = { status: 201, body: sentReview() },
}: {
  states?: ReviewState[];
  post?: { status: number; body: unknown };
} = {}) {
  const calls: Call[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({
        method,
        path: url.pathname,
        query: url.searchParams,
        body: init?.body ? JSON.parse(String(init.body)) : null,
      });
      if (url.pathname === '/api/v1/reservations' && url.searchParams.get('limit') === String(REVIEW_PROMPTS_LIMIT)) {
        return jsonResponse(200, reservationsPage([completed, reservation({ id: 6, status: 'cancelled' })]));
      }
      if (url.pathname === '/api/reviews/mine') return jsonResponse(200, states);
      if (url.pathname === '/api/reviews' && method === 'POST') return jsonResponse(post.status, post.body);
      return jsonResponse(404, { status: 404, code: 'notFound', message: 'Not found' });
    }),
  );
  return calls;
}

function renderPrompts(viewerUserId = STUDENT_USER_ID, language: 'ar' | 'en' = 'en') {
  return renderRoute(<ReviewsToWrite viewerUserId={viewerUserId} timeZone={ZONE} />, {
    language,
    path: '/reservations',
  });
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('the review prompt', { timeout: 20_000 }, () => {
  it('asks the student about the teacher with 1-5 star radios and the deadline, sends, and explains double-blind', async () => {
    const calls = mockApi();
    await renderPrompts();
    const prompt = await screen.findByTestId('review-prompt', {}, { timeout: 5000 });
    expect(prompt.getAttribute('data-reservation-id')).toBe(String(completed.id));
    expect(within(prompt).getByRole('heading', { name: /How was your lesson with.*Mona Al-Sabah/ })).toBeTruthy();
    expect(within(prompt).getByTestId('review-deadline').textContent).toContain('Mar 28');
    // Only the completed lesson's state is asked for.
    expect(calls.find((call) => call.path === '/api/reviews/mine')?.query.get('reservationIds')).toBe('5');
    const user = userEvent.setup();
    const radios = within(prompt).getAllByRole('radio');
    expect(radios.map((radio) => radio.getAttribute('value'))).toEqual(['1', '2', '3', '4', '5']);
    expect(within(prompt).getByRole('radio', { name: '1 star' })).toBeTruthy();
    expect(within(prompt).getByRole('group', { name: en.review.ratingTeacher })).toBeTruthy();

    await user.click(within(prompt).getByTestId('review-submit'));
    expect(await within(prompt).findByText(en.review.ratingRequired)).toBeTruthy();
    expect(calls.some((call) => call.method === 'POST')).toBe(false);

    await user.click(within(prompt).getByRole('radio', { name: '4 stars' }));
    await user.type(within(prompt).getByLabelText(en.review.comment), '  Clear  ');
    await user.click(within(prompt).getByTestId('review-submit'));
    const sent = await within(prompt).findByTestId('review-sent');
    expect(calls.find((call) => call.method === 'POST')?.body).toEqual({
      reservationId: completed.id,
      type: 'student_to_teacher',
      rating: 4,
      comment: 'Clear',
    });
    // Written on 15 March: published when the teacher reviews too, or 7 days later but never before
    // the teacher's own deadline of 28 March, so they cannot read it first (issue 30 item 7).
    expect(sent.textContent).toMatch(/published when .*Mona Al-Sabah.* reviews too, or on Mar 28, 2026/);
    expect(within(prompt).getByText(en.review.doubleBlind)).toBeTruthy();
    expect(within(prompt).queryByTestId('review-submit')).toBeNull();
  });

  it('the stars are reachable and changed with the keyboard', async () => {
    // user-event walks a radio group with CSS.escape, which jsdom lacks.
    if (!globalThis.CSS?.escape) vi.stubGlobal('CSS', { escape: (text: string) => text.replace(/[^\w-]/g, '\\$&') });
    mockApi();
    await renderPrompts();
    const prompt = await screen.findByTestId('review-prompt', {}, { timeout: 5000 });
    const user = userEvent.setup();
    within(prompt).getByRole('radio', { name: '1 star' }).focus();
    await user.keyboard(' ');
    expect((within(prompt).getByRole('radio', { name: '1 star' }) as HTMLInputElement).checked).toBe(true);
    await user.keyboard('{ArrowRight}');
    expect((within(prompt).getByRole('radio', { name: '2 stars' }) as HTMLInputElement).checked).toBe(true);
  });

  it.each([
    ['reviewAlreadyExists', en.review.errors.reviewAlreadyExists],
    ['reviewWindowClosed', en.review.errors.reviewWindowClosed],
    ['lessonNotCompleted', en.review.errors.lessonNotCompleted],
  ])('a 409 %s says why and keeps the form', async (code, text) => {
    mockApi({ post: { status: 409, body: { status: 409, code, message: 'Server words' } } });
    await renderPrompts();
    const prompt = await screen.findByTestId('review-prompt', {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(prompt).getByRole('radio', { name: '5 stars' }));
    await user.click(within(prompt).getByTestId('review-submit'));
    expect((await within(prompt).findByRole('alert')).textContent).toBe(text);
    expect(within(prompt).getByTestId('review-submit')).toBeTruthy();
  });

  it('asks the teacher about the student, in Arabic, and sends a teacher_to_student review', async () => {
    const calls = mockApi({
      post: { status: 201, body: sentReview({ type: 'teacher_to_student', published: true }) },
    });
    await renderPrompts(TEACHER_USER_ID, 'ar');
    const prompt = await screen.findByTestId('review-prompt', {}, { timeout: 5000 });
    expect(within(prompt).getByRole('heading').textContent).toContain('كيف كان أداء');
    expect(within(prompt).getByRole('heading').textContent).toContain('Fahad Al-Ali');
    const user = userEvent.setup();
    await user.click(within(prompt).getByRole('radio', { name: ar.review.stars_two }));
    await user.click(within(prompt).getByTestId('review-submit'));
    // The student had reviewed already: both are published now.
    expect((await within(prompt).findByTestId('review-sent')).textContent).toContain('نُشر التقييمان');
    expect(calls.find((call) => call.method === 'POST')?.body).toMatchObject({ type: 'teacher_to_student', rating: 2 });
  });

  it('in Arabic the sent note names the other side with a noun phrase, no gendered verb, and the deadline date', async () => {
    mockApi({ post: { status: 201, body: sentReview({ type: 'teacher_to_student' }) } });
    await renderPrompts(TEACHER_USER_ID, 'ar');
    const prompt = await screen.findByTestId('review-prompt', {}, { timeout: 5000 });
    const user = userEvent.setup();
    await user.click(within(prompt).getByRole('radio', { name: ar.review.stars_two }));
    await user.click(within(prompt).getByTestId('review-submit'));
    const text = (await within(prompt).findByTestId('review-sent')).textContent ?? '';
    expect(text).toMatch(/تقييم \u2068Fahad Al-Ali\u2069/);
    expect(text).not.toMatch(/يقيّم|قيّم /);
    expect(text).toContain('٢٨');
  });

  it('shows nothing for a lesson already reviewed or past its window', async () => {
    const calls = mockApi({
      states: [
        {
          reservationId: completed.id,
          mine: 'written',
          canReview: false,
          reviewDeadline: '2026-03-28T16:00:00.000Z',
          aboutMe: null,
        },
      ],
    });
    await renderPrompts();
    await vi.waitFor(() => expect(calls.some((call) => call.path === '/api/reviews/mine')).toBe(true));
    expect(screen.queryByTestId('review-prompt')).toBeNull();
  });
});
