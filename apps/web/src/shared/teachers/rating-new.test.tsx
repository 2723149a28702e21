import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeacherProfileCard } from '../../features/teacher/teacher-profile-card.tsx';
import { renderRoute } from '../test/render-route.tsx';
import { makeTeacher } from '../test/search-test-data.ts';
import { TeacherCard } from './teacher-card.tsx';

// Issue 30 item 1: a teacher without counted reviews shows the spec's 4.5 but is marked new, never "(0)".
const fresh = makeTeacher(8, { averageRating: 0, ratingCount: 0 });
const rated = makeTeacher(9, { averageRating: 4.2, ratingCount: 12 });

describe('a new teacher is marked new, not "(0)" (issue 30 item 1)', () => {
  it.each([
    ['ar', 'جديد', '٤٫٥', '(٠)'],
    ['en', 'New', '4.5', '(0)'],
  ] as const)('in a search card in %s', async (language, word, shown, zero) => {
    const view = await renderRoute(<TeacherCard teacher={fresh} />, { language, path: '/' });
    expect((await screen.findByTestId('rating-new')).textContent).toBe(word);
    expect(view.container.textContent).toContain(shown);
    expect(view.container.textContent).not.toContain(zero);
  });

  it.each([
    ['ar', 'جديد', '(٠)'],
    ['en', 'New', '(0)'],
  ] as const)("on the teacher's page in %s", async (language, word, zero) => {
    const view = await renderRoute(<TeacherProfileCard teacher={fresh} actions={null} />, {
      language,
      path: '/teachers/8',
    });
    expect((await screen.findByTestId('rating-new')).textContent).toBe(word);
    expect(view.container.textContent).not.toContain(zero);
    expect(view.container.textContent).not.toMatch(/\b0 reviews|٠ تقييم/);
  });

  it('a rated teacher shows the count and no "new" mark', async () => {
    const view = await renderRoute(<TeacherCard teacher={rated} />, { language: 'en', path: '/' });
    await screen.findByTestId('teacher-card-name');
    expect(screen.queryByTestId('rating-new')).toBeNull();
    expect(view.container.textContent).toContain('(12)');
  });
});
