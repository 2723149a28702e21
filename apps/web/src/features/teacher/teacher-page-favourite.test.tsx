import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { signedIn } from '../../shared/test/auth-test-data.ts';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { inTurn, mockApi, ok } from '../../shared/test/mock-api.ts';
import { renderTeacherRoute } from './render-teacher-route.tsx';
import { TeacherPage } from './teacher-page.tsx';
import { teacherProfile } from './teacher-test-data.ts';

const teacherCalls = {
  'GET /api/teachers/profiles/7': ok(teacherProfile()),
  'GET /api/teachers/teachers/7/available-time-slots': ok([]),
  'GET /api/reviews/for-teacher/7': ok([]),
};

afterEach(() => vi.unstubAllGlobals());

describe('the heart on the teacher page (issue 32)', () => {
  itInEachLanguage(
    'a student saves the teacher from their page (PUT), the heart pressed',
    { ar: 'حفظ Mona Al-Sabah في المفضلة', en: 'Save Mona Al-Sabah to favourites' },
    async (language, label) => {
      const api = mockApi({
        ...teacherCalls,
        'GET /api/v1/favourites/ids': inTurn(ok({ teacherProfileIds: [] }), ok({ teacherProfileIds: [7] })),
        'PUT /api/v1/favourites/7': { status: 204 },
      });
      const { missing } = await renderTeacherRoute(<TeacherPage timeZone="Asia/Kuwait" />, {
        language,
        path: '/teachers/7',
        auth: signedIn(),
      });
      const heart = await screen.findByRole('button', { name: label }, { timeout: 5000 });
      expect(heart.getAttribute('aria-pressed')).toBe('false');
      await userEvent.click(heart);
      await waitFor(() => expect(heart.getAttribute('aria-pressed')).toBe('true'));
      await waitFor(() => expect(api.callsTo('GET /api/v1/favourites/ids')).toHaveLength(2));
      expect(api.callsTo('PUT /api/v1/favourites/7')).toHaveLength(1);
      expect(heart.getAttribute('aria-pressed')).toBe('true');
      expect(missing).toEqual([]);
    },
  );

  it('a guest is sent to sign in and back to the page', async () => {
    mockApi(teacherCalls);
    const { router } = await renderTeacherRoute(<TeacherPage timeZone="Asia/Kuwait" />, {
      language: 'en',
      path: '/teachers/7',
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Save Mona Al-Sabah to favourites' }));
    expect(router.state.location.pathname).toBe('/en/login');
    expect(router.state.location.state).toEqual({ from: '/en/teachers/7' });
  });
});
