import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import arHome from '../../../public/locales/ar/home.json';
import enHome from '../../../public/locales/en/home.json';
import { renderRoute } from '../../shared/test/render-route.tsx';
import { makeTeacher, resultsPage } from '../../shared/test/search-test-data.ts';
import { jsonResponse } from '../../shared/test/test-i18n.ts';
import { ModalProvider } from '../../shared/ui/modal/modal-context.tsx';
import { HomePage } from './home-page.tsx';
import { makeReview, stubApi, stubBrowserLayout } from './test-support.tsx';

describe('HomePage', () => {
  it.each([
    ['ar', arHome],
    ['en', enHome],
  ] as const)(
    '%s: one h1, the search box above the hero, then every section in the order of spec 2',
    async (language, home) => {
      stubBrowserLayout();
      stubApi({
        '/api/reviews': () => jsonResponse(200, [makeReview(1)]),
        '/api/teachers/search': () => jsonResponse(200, resultsPage([makeTeacher(1)], { limit: 10 })),
      });
      const { missing } = await renderRoute(
        <ModalProvider registry={{}}>
          <HomePage />
        </ModalProvider>,
        { language, path: '' },
      );
      expect(screen.getAllByRole('heading', { level: 1 }).map((h) => h.textContent)).toEqual([home.hero.title]);
      // The first render also loads the contract's response schemas: on a busy machine that takes a while.
      await screen.findByTestId('review-card', {}, { timeout: 5000 });
      await screen.findAllByTestId('teacher-card', {}, { timeout: 5000 });

      const order = [
        screen.getByRole('search', { name: home.hero.findTeacher }),
        screen.getByRole('region', { name: home.hero.carouselLabel }),
        screen.getByRole('heading', { name: home.howItWorks.title }),
        screen.getByRole('heading', { name: home.whyChoose.title }),
        screen.getByRole('heading', { name: home.reviews.title }),
        screen.getByRole('heading', { name: home.faq.title }),
        screen.getByRole('heading', { name: home.teachers.famousTitle }),
        screen.getByRole('heading', { name: home.teachers.mostBookedTitle }),
      ];
      for (let index = 1; index < order.length; index++) {
        const before = order[index - 1] as HTMLElement;
        expect(
          before.compareDocumentPosition(order[index] as HTMLElement) & Node.DOCUMENT_POSITION_FOLLOWING,
        ).toBeTruthy();
      }
      expect(screen.getAllByTestId('why-choose-reason')).toHaveLength(4);
      expect(document.getElementById('faq')).not.toBeNull();
      // Below the hero every section is drawn only when near the viewport (index.css render-when-near).
      const sections = [...document.querySelectorAll('section:not(section section)')];
      expect(sections.length).toBeGreaterThan(5);
      expect(sections.slice(1).filter((section) => !section.classList.contains('render-when-near'))).toEqual([]);
      expect(sections[0]?.classList.contains('render-when-near')).toBe(false);
      expect(missing).toEqual([]);
    },
  );
});
