import type { TFunction } from 'i18next';

/**
 * What the teacher's own screens show while their profile or meter loads (grey blocks, in
 * `layout`'s classes: the list's, then each block's) and when it fails (a card with a retry).
 */
export function ownProfileStates(
  t: TFunction<'profile'>,
  layout: [count: number, className: string, itemClassName: string],
  { title = t('teaching.loadErrorTitle'), headingLevel = 2 }: { title?: string; headingLevel?: 2 | 3 } = {},
) {
  const [count, className, itemClassName] = layout;
  return {
    loading: { label: t('teaching.loading'), count, className, itemClassName },
    error: { title, body: t('teaching.loadErrorBody'), headingLevel },
  };
}
