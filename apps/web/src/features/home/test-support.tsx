import type { Review } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import type { ReactElement } from 'react';
import { vi } from 'vitest';
import { renderRouter } from '../../shared/test/render-route.tsx';
import { createTestI18n } from '../../shared/test/test-i18n.ts';

/** Test data: a review as GET /api/reviews returns it. */
export function makeReview(id: number, overrides: Partial<Review> = {}): Review {
  return {
    id,
    type: 'student_to_teacher',
    rating: 5,
    comment: `Review number ${id}: clear explanations.`,
    teacherId: 1,
    studentId: 200 + id,
    teacherName: 'Fatma Alenezi',
    studentName: `Student${id} Alali`,
    teacherPhotoUrl: null,
    studentPhotoUrl: null,
    createdAt: '2025-01-01T10:00:00.000Z',
    published: true,
    verifiedLesson: true,
    subject: null,
    reply: null,
    ...overrides,
  };
}

class InertObserver {
  observe() {}
  unobserve() {}
  disconnect() {}
  takeRecords() {
    return [];
  }
}

/**
 * jsdom has no layout observers and no matchMedia; the carousel (embla) needs the observers and
 * the reduced-motion check reads matchMedia. `reducedMotion` sets what that query answers.
 */
export function stubBrowserLayout({ reducedMotion = false } = {}) {
  vi.stubGlobal('ResizeObserver', InertObserver);
  vi.stubGlobal('IntersectionObserver', InertObserver);
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: reducedMotion && query.includes('prefers-reduced-motion'),
      media: query,
      onchange: null,
      addEventListener: () => {},
      removeEventListener: () => {},
      addListener: () => {},
      removeListener: () => {},
      dispatchEvent: () => false,
    })),
  );
}

/** A mocked fetch answering by path; unknown paths answer 404 in the API's error shape. */
export function stubApi(routes: Record<string, () => Response | Promise<Response>>) {
  const fetchMock = vi.fn(async (input: RequestInfo | URL) => {
    const url = new URL(String(input), 'http://localhost');
    const route = routes[url.pathname];
    if (route) return route();
    return new Response(JSON.stringify({ status: 404, message: 'Not found', code: 'notFound' }), { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

/**
 * Renders like renderRoute (memory router at /{language}{path}, query client, the real locale
 * files), but installs fake timers once i18n is ready and before the first render, so timers
 * started on mount (autoplay, rotation) run on the test's clock.
 */
export async function renderRouteWithFakeTimers(
  element: ReactElement,
  { language, path }: { language: Language; path: string },
) {
  const { i18n, missing } = await createTestI18n(language);
  vi.useFakeTimers();
  const view = renderRouter(i18n, [{ path: `/:lang${path}`, element }], `/${language}${path}`);
  return { ...view, missing };
}
