import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TeacherProfileCard } from '../../features/teacher/teacher-profile-card.tsx';
import { renderRoute } from '../test/render-route.tsx';
import { makeTeacher } from '../test/search-test-data.ts';
import { TeacherCard } from './teacher-card.tsx';

// A name or bio of one unbroken word (a long link, a name typed without spaces) must wrap, not run out of the card.
const LONG_WORD = 'ب'.repeat(120);
const teacher = makeTeacher(7, {
  user: { ...makeTeacher(7).user, firstName: LONG_WORD, lastName: 'الكندري' },
  bio: `https://example.com/${'x'.repeat(200)}`,
});

describe('long words wrap anywhere (issue 17)', () => {
  it("in a teacher card's name and bio", async () => {
    await renderRoute(<TeacherCard teacher={teacher} />, { language: 'ar', path: '/' });
    expect((await screen.findByTestId('teacher-card-name')).className).toContain('wrap-anywhere');
    expect(screen.getByTestId('teacher-card-bio').className).toContain('wrap-anywhere');
  });

  it("in the teacher profile's name and bio", async () => {
    await renderRoute(<TeacherProfileCard teacher={teacher} actions={null} />, {
      language: 'ar',
      path: '/teachers/7',
    });
    expect((await screen.findByTestId('teacher-name')).className).toContain('wrap-anywhere');
    expect(screen.getByTestId('teacher-bio').className).toContain('wrap-anywhere');
  });
});
