import { type TEACHER_SORT_FIELDS, teacherSearchQuerySchema } from '@ustaz/contract';
import { useEffect, useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import type teachersList from '../../../public/locales/en/search.json';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { withPageParam } from '../../shared/lib/paging.ts';
import { type TeacherSearchParams, useTeacherSearch } from '../../shared/teachers/api.ts';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { Users } from '../../shared/ui/icons.tsx';
import { LabelledField } from '../../shared/ui/labelled-field.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { CARD_GRID, listPlaceholders, PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { usePaginationLabels } from '../../shared/ui/use-pagination-labels.ts';

type SortField = (typeof TEACHER_SORT_FIELDS)[number];
type SortOption = {
  id: keyof (typeof teachersList)['teachersList']['sorts'];
  sortBy: SortField;
  sortOrder: 'ASC' | 'DESC';
};

/** The orders offered on the list; the first is the default. */
export const TEACHER_LIST_SORTS: readonly SortOption[] = [
  { id: 'topRated', sortBy: 'averageRating', sortOrder: 'DESC' },
  { id: 'mostBooked', sortBy: 'bookingsCount', sortOrder: 'DESC' },
  { id: 'mostExperienced', sortBy: 'experience', sortOrder: 'DESC' },
  { id: 'priceLow', sortBy: 'hourlyRate', sortOrder: 'ASC' },
  { id: 'priceHigh', sortBy: 'hourlyRate', sortOrder: 'DESC' },
  { id: 'newest', sortBy: 'createdAt', sortOrder: 'DESC' },
];

export const TEACHERS_PAGE_SIZE = 12;

const DEFAULT_SORT = TEACHER_LIST_SORTS[0] as SortOption;

/** page, sortBy and sortOrder of the address; an unknown order falls back to the default. */
export function readTeachersListParams(params: URLSearchParams): { page: number; sort: SortOption } {
  const page = teacherSearchQuerySchema.shape.page.safeParse(params.get('page') ?? undefined);
  const sortBy = params.get('sortBy');
  const sortOrder = (params.get('sortOrder') ?? 'DESC').toUpperCase();
  const sort =
    TEACHER_LIST_SORTS.find((option) => option.sortBy === sortBy && option.sortOrder === sortOrder) ?? DEFAULT_SORT;
  return { page: page.success ? page.data : 1, sort };
}

/**
 * Every teacher (/{lang}/teachers), 12 a page, with a choice of order; the address keeps the
 * page and the order.
 */
export function TeachersListPage() {
  const { t } = useTranslation('search');
  const pageLabels = usePaginationLabels('search');
  const language = useCurrentLanguage();
  const sortId = useId();
  const [searchParams, setSearchParams] = useSearchParams();
  const paramsKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text of the address is the dependency
  const { page, sort } = useMemo(() => readTeachersListParams(searchParams), [paramsKey]);
  const request: TeacherSearchParams = {
    page,
    limit: TEACHERS_PAGE_SIZE,
    sortBy: sort.sortBy,
    sortOrder: sort.sortOrder,
  };
  const results = useTeacherSearch(request, language);

  function update(patch: { page?: number; sort?: SortOption }) {
    setSearchParams((current) => {
      const next = withPageParam(current, patch.page ?? 1);
      if (patch.sort) {
        next.set('sortBy', patch.sort.sortBy);
        next.set('sortOrder', patch.sort.sortOrder);
      }
      return next;
    });
  }

  // A page past the last one moves to the last.
  useEffect(() => {
    if (results.data && page > 1 && page > Math.max(1, results.data.totalPages)) {
      const last = Math.max(1, results.data.totalPages);
      setSearchParams((current) => withPageParam(current, last), { replace: true });
    }
  }, [results.data, page, setSearchParams]);

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6">
      <header className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageTitle as="div" title={t('teachersList.title')} subtitle={t('teachersList.subtitle')} />
        <LabelledField htmlFor={sortId} label={t('teachersList.sortLabel')}>
          <select
            id={sortId}
            value={sort.id}
            onChange={(event) => {
              const chosen = TEACHER_LIST_SORTS.find((option) => option.id === event.target.value);
              if (chosen) update({ sort: chosen });
            }}
            className="block min-h-11 rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 focus:outline-2 focus:outline-primary"
          >
            {TEACHER_LIST_SORTS.map((option) => (
              <option key={option.id} value={option.id}>
                {t(`teachersList.sorts.${option.id}`)}
              </option>
            ))}
          </select>
        </LabelledField>
      </header>
      <PagedQueryStates
        query={results}
        pager={{ page, onPageChange: (next) => update({ page: next, sort }), labels: pageLabels }}
        loading={listPlaceholders(t('page.loading'), 'grid', 6, 'h-72')}
        error={{ title: t('page.errorTitle'), body: t('page.errorBody') }}
        empty={
          <div
            role="status"
            className="flex flex-col items-center gap-3 rounded-2xl border border-dashed border-slate-300 bg-white px-6 py-14 text-center"
          >
            <Users aria-hidden="true" className="size-8 text-primary" />
            <h2 className="text-lg font-bold text-slate-900">{t('teachersList.emptyTitle')}</h2>
            <p className="text-slate-600">{t('teachersList.emptyBody')}</p>
            <Link to={localePath(language, '/')} className={buttonClasses({ variant: 'outline' })}>
              {t('teachersList.backHome')}
            </Link>
          </div>
        }
      >
        {(data) => (
          <>
            <p className="text-sm font-semibold text-slate-700" data-testid="result-count">
              {t(data.totalIsEstimate ? 'page.resultCountAbout' : 'page.resultCount', {
                total: formatNumber(data.total, language),
              })}
            </p>
            <ul className={CARD_GRID}>
              {data.data.map((teacher) => (
                <li key={teacher.id}>
                  <TeacherCard teacher={teacher} />
                </li>
              ))}
            </ul>
          </>
        )}
      </PagedQueryStates>
    </div>
  );
}
