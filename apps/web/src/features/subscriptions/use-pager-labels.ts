import { useTranslation } from 'react-i18next';
import type { PaginationLabels } from '../../shared/ui/pagination.tsx';

/** The pager labels of the page's paged lists (packages, own subscriptions, usage), named `nav`. */
export function usePagerLabels(nav: 'packages.pagination' | 'mine.pagination' | 'usage.pagination'): PaginationLabels {
  const { t } = useTranslation('subscriptions');
  return {
    nav: t(nav),
    previous: t('packages.previous'),
    next: t('packages.next'),
    status: (numbers) => t('packages.pageStatus', numbers),
  };
}
