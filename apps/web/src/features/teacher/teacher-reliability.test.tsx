import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import arTeacher from '../../../public/locales/ar/teacher.json';
import enTeacher from '../../../public/locales/en/teacher.json';
import { itInEachLanguage } from '../../shared/test/each-language.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { renderTeacherRoute } from './render-teacher-route.tsx';
import { TeacherPage } from './teacher-page.tsx';
import { teacherProfile } from './teacher-test-data.ts';

vi.mock('./use-booking-action.ts', () => ({ useBookingAction: () => vi.fn() }));

/** The teacher page's calls: the given profile, no slots, no reviews. */
function answerWith(profile: unknown) {
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL) =>
      String(input).startsWith('/api/teachers/profiles/') ? jsonResponse(200, profile) : jsonResponse(200, []),
    ),
  );
}

const RELIABLE = teacherProfile({
  reliability: { lessonsTaught: 42, attendanceRate: 0.955, medianFirstReplyMinutes: 18, repeatStudentShare: 0.6 },
});

describe('TeacherReliability on the teacher page', () => {
  itInEachLanguage(
    'shows the four figures in the viewer’s digits, each explained by its own button',
    { ar: arTeacher, en: enTeacher },
    async (language, texts) => {
      answerWith(RELIABLE);
      const user = userEvent.setup();
      const { missing } = await renderTeacherRoute(<TeacherPage timeZone="Asia/Kuwait" />, {
        language,
        path: '/teachers/7',
      });
      const card = await screen.findByTestId('teacher-reliability');
      const section = within(card);
      expect(section.getByRole('heading', { level: 2, name: texts.reliability.title })).toBeTruthy();
      const figures = section.getAllByRole('definition').map((item) => item.textContent);
      expect(figures).toEqual(
        language === 'ar' ? ['٤٢', '٩٦٪؜', '١٨ دقيقة', '٦٠٪؜'] : ['42', '96%', '18 minutes', '60%'],
      );

      const explain = section.getByRole('button', {
        name: texts.reliability.explain.replace('{{figure}}', texts.reliability.attendanceRate.label),
      });
      const explanation = document.getElementById(explain.getAttribute('aria-controls') ?? '');
      expect(explanation?.hidden).toBe(true);
      expect(explain.getAttribute('aria-expanded')).toBe('false');
      await user.click(explain);
      expect(explain.getAttribute('aria-expanded')).toBe('true');
      expect(explanation?.hidden).toBe(false);
      expect(explanation?.textContent).toContain(texts.reliability.attendanceRate.explanation);

      // One explanation at a time; the reply time's names the 90 days in the viewer's digits.
      const reply = section.getByRole('button', {
        name: texts.reliability.explain.replace('{{figure}}', texts.reliability.medianFirstReplyMinutes.label),
      });
      await user.click(reply);
      expect(explanation?.hidden).toBe(true);
      const replyText = document.getElementById(reply.getAttribute('aria-controls') ?? '')?.textContent;
      expect(replyText).toContain(language === 'ar' ? '٩٠' : '90');
      await user.click(reply);
      expect(reply.getAttribute('aria-expanded')).toBe('false');
      expect(missing).toEqual([]);
    },
  );

  it('says "no replies yet" without answered chats', async () => {
    answerWith(
      teacherProfile({
        reliability: { lessonsTaught: 5, attendanceRate: 1, medianFirstReplyMinutes: null, repeatStudentShare: 0 },
      }),
    );
    await renderTeacherRoute(<TeacherPage timeZone="Asia/Kuwait" />, { language: 'en', path: '/teachers/7' });
    const card = await screen.findByTestId('teacher-reliability');
    expect(
      within(card)
        .getAllByRole('definition')
        .map((item) => item.textContent),
    ).toEqual(['5', '100%', enTeacher.reliability.noReplies, '0%']);
  });

  it('is not shown below 5 lessons (the server sends null)', async () => {
    answerWith(teacherProfile());
    await renderTeacherRoute(<TeacherPage timeZone="Asia/Kuwait" />, { language: 'en', path: '/teachers/7' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mona Al-Sabah' })).toBeTruthy();
    expect(screen.queryByTestId('teacher-reliability')).toBeNull();
  });
});
