/** Every island of the public pages (ADR 038); islands/registry.ts loads each by its name. */
export const ISLAND_NAMES = [
  'navbar',
  'search-box',
  'hero-carousel',
  'reviews',
  'faq',
  'teacher-carousels',
  'footer',
  'teacher-actions',
  'teacher-reliability',
  'teacher-slots',
  'teacher-reviews',
  'search',
] as const;

export type IslandName = (typeof ISLAND_NAMES)[number];
