import type { NotFoundTerm } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminPager } from '../ui/admin-pager.tsx';
import { Badge } from '../ui/badge.tsx';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { FilterBar } from '../ui/filter-bar.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { formatDateTime } from '../ui/format.ts';
import { useListParams } from '../ui/list-params.ts';
import { useSearchLog } from './api/get-search-log.ts';

const FILTERS = ['searchType', 'days'] as const;
const PAGE_SIZE = 20;
const SEARCH_TYPES = ['subject', 'teacher'] as const;
/** The periods offered (days back); the contract allows 1 to 365. */
const DAY_CHOICES = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;

type SearchType = (typeof SEARCH_TYPES)[number];

function typeParam(value: string): SearchType | undefined {
  return (SEARCH_TYPES as readonly string[]).includes(value) ? (value as SearchType) : undefined;
}

function daysParam(value: string): number {
  const days = Number(value);
  return (DAY_CHOICES as readonly number[]).includes(days) ? days : DEFAULT_DAYS;
}

/**
 * /{lang}/admin/search-log: what visitors searched for and did not find over a period, the most
 * asked first (how often, by how many people, when last), for subjects, teachers or both.
 */
export function AdminSearchLogPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const { page, filters, setFilter, setFilters, setPage } = useListParams(FILTERS);
  const searchType = typeParam(filters.searchType);
  const days = daysParam(filters.days);
  const terms = useSearchLog({ searchType, days, page, limit: PAGE_SIZE });
  const filtered = Boolean(searchType || days !== DEFAULT_DAYS);
  const number = (value: number) => formatNumber(value, language);

  const columns: Column<NotFoundTerm>[] = [
    {
      key: 'term',
      header: t('searchLog.columns.term'),
      className: 'min-w-48',
      cell: (term) => (
        <span dir="auto" className="font-semibold break-words text-slate-900">
          {term.keywords}
        </span>
      ),
    },
    {
      key: 'type',
      header: t('searchLog.columns.type'),
      cell: (term) => (
        <Badge tone={term.searchType === 'subject' ? 'info' : 'neutral'}>
          {t(`searchLog.types.${term.searchType}`)}
        </Badge>
      ),
    },
    {
      key: 'count',
      header: <span className="block text-end">{t('searchLog.columns.count')}</span>,
      className: 'text-end tabular-nums',
      cell: (term) => number(term.count),
    },
    {
      key: 'users',
      header: <span className="block text-end">{t('searchLog.columns.users')}</span>,
      className: 'text-end tabular-nums',
      cell: (term) => number(term.users),
    },
    {
      key: 'last',
      header: t('searchLog.columns.last'),
      cell: (term) => <span className="whitespace-nowrap">{formatDateTime(term.lastSearchedAt, language)}</span>,
    },
  ];

  return (
    <AdminPage title={t('searchLog.title')} description={t('searchLog.description')}>
      <FilterBar active={filtered} onClear={() => setFilters({ searchType: '', days: '' })}>
        <SelectField
          name="searchType"
          label={t('searchLog.typeFilter')}
          value={searchType ?? ''}
          onChange={(event) => setFilter('searchType', event.target.value)}
          options={[
            { value: '', label: t('searchLog.allTypes') },
            ...SEARCH_TYPES.map((value) => ({ value, label: t(`searchLog.types.${value}`) })),
          ]}
          className="w-full sm:w-52"
        />
        <SelectField
          name="days"
          label={t('searchLog.daysFilter')}
          value={String(days)}
          onChange={(event) => setFilter('days', Number(event.target.value) === DEFAULT_DAYS ? '' : event.target.value)}
          options={DAY_CHOICES.map((value) => ({
            value: String(value),
            label: t('searchLog.days', { count: value, number: number(value) }),
          }))}
          className="w-full sm:w-44"
        />
      </FilterBar>
      <DataTable
        caption={t('searchLog.caption')}
        columns={columns}
        rows={terms.data?.data}
        rowKey={(term) => `${term.searchType}:${term.normalized}`}
        loading={terms.isFetching}
        error={terms.isError}
        onRetry={() => void terms.refetch()}
        retrying={terms.isFetching}
        empty={{ title: t('searchLog.empty.title'), body: t('searchLog.empty.body') }}
        testId="search-log-table"
      />
      {terms.data ? (
        <AdminPager
          page={terms.data.page}
          totalPages={terms.data.totalPages}
          total={terms.data.total}
          onPageChange={setPage}
        />
      ) : null}
    </AdminPage>
  );
}
