import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { listPlaceholders, PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { RetryAlert } from '../../shared/ui/retry-alert.tsx';

/** The earnings page's paged lists, each with its own words under its prefix of the locale file. */
type EarningsList = 'statement' | 'payouts';

/** The pager's words of one of this page's lists. */
function usePagerLabels(list: EarningsList) {
  const { t } = useTranslation('earnings');
  return {
    nav: t(`${list}.pages`),
    previous: t(`${list}.previous`),
    next: t(`${list}.next`),
    status: (numbers: { page: string; totalPages: string }) => t(`${list}.page`, numbers),
  };
}

/**
 * One page of one of this page's lists in its states: `rows` placeholder rows of `rowHeight` while
 * it loads, a retry alert when it failed, `empty` without rows, else `children(page)` above the
 * compact pager (`page`, `onPageChange`).
 */
export function EarningsPages<T extends { data: readonly unknown[]; totalPages: number }>({
  list,
  query,
  page,
  onPageChange,
  rows,
  rowHeight,
  empty,
  children,
}: {
  list: EarningsList;
  query: UseQueryResult<T>;
  page: number;
  onPageChange: (page: number) => void;
  rows: number;
  rowHeight: `h-${number}`;
  empty: ReactNode;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('earnings');
  const labels = usePagerLabels(list);
  return (
    <PagedQueryStates
      query={query}
      pager={{ page, onPageChange, labels, compact: true }}
      loading={listPlaceholders(t(`${list}.loading`), 'rows', rows, rowHeight, `${list}-loading`)}
      error={({ onRetry, retrying }) => (
        <RetryAlert message={t(`${list}.error`)} onRetry={onRetry} retrying={retrying} />
      )}
      empty={empty}
    >
      {children}
    </PagedQueryStates>
  );
}
