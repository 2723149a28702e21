import type { NotFoundTerm } from '@ustaz/contract';
import { SEARCH_TYPES } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { dateColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { choices, SelectFilter } from '../ui/filter-bar.tsx';
import { oneOf } from '../ui/list-params.ts';
import { useSearchLog } from './api/get-search-log.ts';

/** The periods offered (days back); the contract allows 1 to 365. */
const DAY_CHOICES = [7, 30, 90, 365] as const;
const DEFAULT_DAYS = 30;

/** A period offered other than the default one, else undefined. */
function daysParam(value: string): number | undefined {
  const days = Number(value);
  return (DAY_CHOICES as readonly number[]).includes(days) && days !== DEFAULT_DAYS ? days : undefined;
}

const FILTERS = { searchType: oneOf(SEARCH_TYPES), days: daysParam };

/**
 * /{lang}/admin/search-log: what visitors searched for and did not find over a period, the most
 * asked first (how often, by how many people, when last), for subjects, teachers or both.
 */
export function AdminSearchLogPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const { searchType } = list.values;
  const days = list.values.days ?? DEFAULT_DAYS;
  const terms = useSearchLog({ searchType, days, ...list.paging });
  const number = (value: number) => formatNumber(value, language);

  const columns: Column<NotFoundTerm>[] = [
    {
      key: 'term',
      header: t('searchLog.columns.term'),
      className: 'min-w-48',
      cell: (term) => (
        <span dir="auto" className="font-semibold wrap-anywhere text-slate-900">
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
    dateColumn('last', t('searchLog.columns.last'), (term) => term.lastSearchedAt),
  ];

  return (
    <AdminListPage
      t={t}
      texts="searchLog"
      noMatch={false}
      list={list}
      query={terms}
      columns={columns}
      rowKey={(term) => `${term.searchType}:${term.normalized}`}
    >
      <SelectFilter
        {...list.select('searchType', (value) => t(`searchLog.types.${value}`))}
        label={t('searchLog.typeFilter')}
        all={t('searchLog.allTypes')}
        className="w-full sm:w-52"
      />
      <SelectFilter
        name="days"
        label={t('searchLog.daysFilter')}
        value={String(days)}
        onApply={(value) => list.setFilter('days', Number(value) === DEFAULT_DAYS ? '' : value)}
        options={choices(DAY_CHOICES, (value) => t('searchLog.days', { count: value, number: number(value) }))}
      />
    </AdminListPage>
  );
}
