import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderRoute } from '../test/render-route.tsx';
import { filledStars, RatingStars } from './rating-stars.tsx';

describe("a rating's stars are one element (issue 33: 150 SVGs on the home page)", () => {
  it('fills a star from three quarters', () => {
    expect([0, 1, 3.74, 3.75, 4.2, 4.5, 4.74, 4.75, 5].map(filledStars)).toEqual([0, 1, 3, 4, 4, 4, 4, 5, 5]);
  });

  it.each([
    ['ar', 'التقييم ٤٫٢ من ٥', 4.2, '4'],
    ['en', 'Rated 4.8 out of 5', 4.8, '5'],
  ] as const)(
    'in %s: labelled once, the stars drawn by one element with their count',
    async (language, label, rating, stars) => {
      const view = await renderRoute(<RatingStars rating={rating} />, { language, path: '/' });
      const figure = await screen.findByRole('img');
      expect(figure.getAttribute('aria-label')).toBe(label);
      const row = view.container.querySelector('.rating-stars');
      expect(row?.getAttribute('data-stars')).toBe(stars);
      expect((row as HTMLElement | null)?.style.getPropertyValue('--stars')).toBe(stars);
      expect(view.container.querySelectorAll('svg')).toHaveLength(0);
    },
  );
});
