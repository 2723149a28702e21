import { type ComponentType, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { clampPage } from '../../shared/lib/paging.ts';
import { SearchBox } from '../../shared/search/search-box.tsx';
import { useTeacherSearch } from '../../shared/teachers/api.ts';
import { YourTeachers } from '../../shared/teachers/your-teachers.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { BookOpen } from '../../shared/ui/icons.tsx';
import { PageTitle } from '../../shared/ui/page-title.tsx';
import { PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { usePaginationLabels } from '../../shared/ui/use-pagination-labels.ts';
import { ActiveFilterChips, type FilterChip, filterChips } from './active-filter-chips.tsx';
import {
  clearSearchParams,
  readSearchState,
  subjectsOf,
  toTeacherSearchParams,
  writeSearchParams,
} from './search-url.ts';
import { ResultsMessage, TeacherGrid, TeacherGridSkeleton } from './teacher-results.tsx';

/** The subject-selection modal, given by the app (features do not import each other). */
export type SubjectPickerProps = { open: boolean; onClose: () => void };

/**
 * The search page (/{lang}/search), driven entirely by its address: q, subject, customSubjects,
 * mostFamous, mostBooked, the filter dialog's fields and page. Results come from the teacher
 * search, 12 a page in 1, 2 or 3 columns.
 */
export function SearchPage({ subjectPicker: SubjectPicker }: { subjectPicker?: ComponentType<SubjectPickerProps> }) {
  const { t } = useTranslation('search');
  const pageLabels = usePaginationLabels('search');
  const language = useCurrentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const [pickerOpen, setPickerOpen] = useState(false);
  const resultsRef = useRef<HTMLElement>(null);
  const paramsKey = searchParams.toString();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the text of the address is the dependency
  const state = useMemo(() => readSearchState(searchParams), [paramsKey]);
  const request = useMemo(() => toTeacherSearchParams(state), [state]);
  const results = useTeacherSearch(request, language);
  const data = results.data;

  // A page past the last one (the results shrank, or a hand-written address) moves to the last.
  useEffect(() => {
    if (!data || state.page === 1) return;
    const page = clampPage(state.page, data.totalPages);
    if (page !== state.page) setSearchParams((current) => writeSearchParams(current, { page }), { replace: true });
  }, [data, state.page, setSearchParams]);

  const subjectName = useMemo(() => {
    if (!state.subject || !data) return null;
    for (const teacher of data.data) {
      const found = teacher.subjects.find((subject) => String(subject.id) === state.subject);
      if (found) return found.name;
    }
    return null;
  }, [state.subject, data]);

  const chips = filterChips(state, { t, language, subjectName });
  const subjectCount = subjectsOf(state).length;

  function removeChip(chip: FilterChip) {
    setSearchParams((current) => writeSearchParams(current, chip.patch));
  }

  function clearQuery() {
    setSearchParams((current) => writeSearchParams(current, { q: '' }));
  }

  function resetAll() {
    setSearchParams((current) => clearSearchParams(current));
  }

  function goToPage(page: number) {
    const next = clampPage(page, data?.totalPages ?? 1);
    setSearchParams((current) => writeSearchParams(current, { page: next }));
    resultsRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
  }

  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-6 px-4 py-10 sm:px-6">
      <PageTitle title={t('page.title')} subtitle={t('page.subtitle')} />
      <YourTeachers />
      <div className="flex flex-col gap-3 md:flex-row md:items-center">
        {/* The shared box: q follows the text after the pause; its filter button opens the filter dialog. */}
        <SearchBox className="min-w-0 flex-1" />
        {SubjectPicker ? (
          <Button variant="outline" size="lg" onClick={() => setPickerOpen(true)} aria-haspopup="dialog">
            <BookOpen aria-hidden="true" className="size-5" />
            {subjectCount > 0
              ? t('page.subjectsCount', { n: formatNumber(subjectCount, language) })
              : t('page.chooseSubject')}
          </Button>
        ) : null}
      </div>
      <ActiveFilterChips chips={chips} onRemove={removeChip} onClearAll={resetAll} />
      <section ref={resultsRef} aria-labelledby="search-results-title" className="flex scroll-mt-24 flex-col gap-5">
        <h2 id="search-results-title" className="sr-only">
          {t('page.results')}
        </h2>
        <PagedQueryStates
          query={results}
          pager={{ page: state.page, onPageChange: goToPage, labels: pageLabels }}
          loading={<TeacherGridSkeleton />}
          error={({ onRetry, retrying }) => (
            <ResultsMessage
              tone="error"
              title={t('page.errorTitle')}
              body={t('page.errorBody')}
              action={
                <Button onClick={onRetry} loading={retrying}>
                  {t('page.retry')}
                </Button>
              }
            />
          )}
          empty={
            // A text that matches nothing is named, and clearing it alone is offered first.
            state.q ? (
              <ResultsMessage
                tone="empty"
                title={t('page.emptyQueryTitle', { q: state.q })}
                body={t('page.emptyQueryBody')}
                action={<Button onClick={clearQuery}>{t('page.clearQuery')}</Button>}
              />
            ) : (
              <ResultsMessage
                tone="empty"
                title={t('page.emptyTitle')}
                body={t('page.emptyBody')}
                action={
                  <Button variant="outline" onClick={resetAll}>
                    {t('page.resetFilters')}
                  </Button>
                }
              />
            )
          }
        >
          {(data) => (
            <>
              <p className="text-sm font-semibold text-slate-700" aria-live="polite" data-testid="result-count">
                {t(data.totalIsEstimate ? 'page.resultCountAbout' : 'page.resultCount', {
                  total: formatNumber(data.total, language),
                })}
              </p>
              <TeacherGrid teachers={data.data} />
            </>
          )}
        </PagedQueryStates>
      </section>
      {SubjectPicker && pickerOpen ? <SubjectPicker open onClose={() => setPickerOpen(false)} /> : null}
    </div>
  );
}
