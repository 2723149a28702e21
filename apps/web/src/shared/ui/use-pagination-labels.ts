import { useTranslation } from 'react-i18next';
import type { PaginationLabels } from './pagination.tsx';

/** The namespaces whose `pagination` group names a pager: `label`, `previous`, `next` and `page`. */
type PagedNamespace = 'notifications' | 'reservations' | 'search';

/** The `Pagination` labels of a list whose namespace has the `pagination` group. */
export function usePaginationLabels(namespace: PagedNamespace): PaginationLabels {
  const { t } = useTranslation(namespace);
  return {
    nav: t('pagination.label'),
    previous: t('pagination.previous'),
    next: t('pagination.next'),
    status: (numbers) => t('pagination.page', numbers),
  };
}
