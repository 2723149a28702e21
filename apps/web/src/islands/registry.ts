import type { ComponentType } from 'react';
import type { IslandName } from '../shared/ssr/island-names.ts';

type Loaded = ComponentType<object>;
type Loader = () => Promise<Loaded>;

/**
 * The code of each island (ADR 038), loaded only on a page that has it. Keyed by IslandName: a
 * name without its loader does not compile.
 */
export const ISLAND_LOADERS: Record<IslandName, Loader> = {
  navbar: () => import('../app/layout/navbar.tsx').then((m) => m.Navbar),
  'search-box': () => import('../shared/search/search-box.tsx').then((m) => m.SearchBox as ComponentType<object>),
  'hero-carousel': () => import('../features/home/hero-carousel.tsx').then((m) => m.HeroCarousel),
  reviews: () => import('../features/home/reviews-section.tsx').then((m) => m.ReviewsSection),
  faq: () => import('../features/home/faq-section.tsx').then((m) => m.FaqSection),
  'teacher-carousels': () => import('../features/home/teacher-carousels.tsx').then((m) => m.TeacherCarousels),
  footer: () => import('../app/layout/footer.tsx').then((m) => m.Footer),
  search: () => import('../app/search-route.tsx').then((m) => m.ComposedSearchPage),
  'teacher-actions': () =>
    import('../features/teacher/teacher-actions.tsx').then((m) => m.TeacherActionsIsland as Loaded),
  'teacher-reliability': () =>
    import('../features/teacher/teacher-actions.tsx').then((m) => m.TeacherReliabilityIsland as Loaded),
  'teacher-slots': () => import('../features/teacher/teacher-page.tsx').then((m) => m.TeacherSlotsIsland as Loaded),
  'teacher-reviews': () => import('../features/teacher/teacher-page.tsx').then((m) => m.TeacherReviewsIsland as Loaded),
};
