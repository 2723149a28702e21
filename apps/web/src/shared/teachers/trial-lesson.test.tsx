import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { itInEachLanguage } from '../test/each-language.ts';
import { mockApi } from '../test/mock-api.ts';
import { renderAppRoute } from '../test/render-app-route.tsx';
import { makeTeacher } from '../test/search-test-data.ts';
import { TeacherCard } from './teacher-card.tsx';
import { WeeklyWithTeacherLink } from './trial-lesson.tsx';

afterEach(() => vi.unstubAllGlobals());

/** The text with the no-break spaces and direction marks of Intl currency formats left out. */
const plain = (text: string | null | undefined) =>
  (text ?? '').replace(/[\u200e\u200f\u061c]/g, '').replace(/\s/g, ' ');

describe('the trial offer on a teacher card (issue 32)', () => {
  itInEachLanguage(
    'says the 30-minute trial and its price when the teacher offers one',
    { ar: 'درس تجريبي ٣٠ دقيقة: ٢٫٥٠٠ د.ك.', en: 'Trial lesson 30 min: KWD 2.500' },
    async (language, text) => {
      mockApi({});
      const { missing } = await renderAppRoute(<TeacherCard teacher={makeTeacher(3, { trialPrice: '2.500' })} />, {
        language,
        path: '/search',
      });
      const card = await screen.findByTestId('teacher-card');
      expect(plain(within(card).getByTestId('trial-offer').textContent)).toBe(text);
      expect(missing).toEqual([]);
    },
  );

  it('shows nothing of a trial for a teacher who offers none', async () => {
    mockApi({});
    await renderAppRoute(<TeacherCard teacher={makeTeacher(3, { trialPrice: null })} />, {
      language: 'en',
      path: '/search',
    });
    await screen.findByTestId('teacher-card');
    expect(screen.queryByTestId('trial-offer')).toBeNull();
  });
});

describe('the weekly offer after a trial', () => {
  itInEachLanguage(
    "links to the teacher page's weekly flow",
    { ar: 'احجز كل أسبوع مع Mona Al-Sabah', en: 'Book every week with Mona Al-Sabah' },
    async (language, name) => {
      mockApi({});
      const { missing } = await renderAppRoute(<WeeklyWithTeacherLink teacherId={7} teacherName="Mona Al-Sabah" />, {
        language,
        path: '/reservations',
      });
      const link = await screen.findByRole('link', { name });
      expect(link.getAttribute('href')).toBe(`/${language}/teachers/7?weekly=1`);
      expect(missing).toEqual([]);
    },
  );
});
