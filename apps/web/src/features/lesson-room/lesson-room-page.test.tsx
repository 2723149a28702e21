import { screen } from '@testing-library/react';
import type { LessonRoom } from '@ustaz/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockApi } from '../../shared/test/mock-api.ts';
import { renderRouter } from '../../shared/test/render-route.tsx';
import { createTestI18n } from '../../shared/test/test-i18n.ts';
import { LessonRoomPage } from './lesson-room-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const start = Date.now() + 5 * 60_000;
const iso = (ms: number) => new Date(ms).toISOString();

/** A confirmed lesson on Zoom whose room is open now (it starts in 5 minutes). */
const room: LessonRoom = {
  reservationId: 7,
  status: 'confirmed',
  role: 'student',
  otherUserId: 42,
  now: iso(Date.now()),
  startTime: iso(start),
  endTime: iso(start + 3600_000),
  opensAt: iso(start - 600_000),
  closesAt: iso(start + 4500_000),
  iceServers: [],
  externalLink: { url: 'https://us02web.zoom.us/j/123456789', provider: 'zoom' },
  joinUrl: '/api/v1/lessons/7/join-link?ticket=1.2.abc',
  linkFixed: true,
  attendance: {
    student: { joinedAt: null, leftAt: null, present: false },
    teacher: { joinedAt: null, leftAt: null, present: false },
  },
};

describe('the lesson room on an external meeting (issue 29)', () => {
  it.each(['ar', 'en'] as const)(
    '%s: the join button goes through the app, which records attendance',
    async (language) => {
      mockApi({ 'GET /api/v1/lessons/7': { status: 200, body: room } });
      const { i18n } = await createTestI18n(language);
      renderRouter(
        i18n,
        [{ path: '/:lang/lessons/:id', element: <LessonRoomPage notFound={() => <p>not found</p>} /> }],
        `/${language}/lessons/7`,
      );
      const link = await screen.findByTestId('lesson-external-link');
      expect(link.getAttribute('href')).toBe(room.joinUrl);
      expect(link.getAttribute('href')).not.toContain('zoom.us');
      expect(link.textContent).toContain(i18n.t('lesson-room:external.zoom'));
      expect(screen.getByText(i18n.t('lesson-room:external.attendance'))).toBeTruthy();
    },
  );
});
