import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Check } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { SubjectsFormatError, type useSubjects } from './api/get-subjects.ts';
import { SubjectIcon } from './subject-icon.tsx';

type ListProps = {
  query: ReturnType<typeof useSubjects>;
  search: string;
  page: number;
  isSelected: (subject: { id: number; name: string }) => boolean;
  onToggle: (subject: { id: number; name: string }) => void;
};

/** Loading, error (bad format or load failure), empty (first page, total 0) or the cards. */
export function SubjectList({ query, search, page, isSelected, onToggle }: ListProps) {
  const { t } = useTranslation('search');
  if (query.isPending || (query.isError && query.isFetching)) {
    return (
      <div className="flex min-h-48 items-center justify-center text-primary">
        <Spinner size="lg" label={t('subjects.loading')} />
      </div>
    );
  }
  if (query.isError || (query.data.page === 1 && page === 1 && query.data.total === 0)) {
    const message = query.isError
      ? t(query.error instanceof SubjectsFormatError ? 'subjects.badFormat' : 'subjects.loadFailed')
      : search
        ? t('subjects.noMatch', { search })
        : t('subjects.noSubjects');
    return (
      <div
        role={query.isError ? 'alert' : 'status'}
        className={cx(
          'flex min-h-48 flex-col items-center justify-center gap-4 rounded-xl border border-dashed p-6 text-center',
          query.isError ? 'border-red-200 bg-red-50 text-red-800' : 'border-slate-300 text-slate-600',
        )}
      >
        <p className="max-w-md leading-7">{message}</p>
        <Button variant="outline" size="sm" onClick={() => void query.refetch()}>
          {t('subjects.retry')}
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid grid-cols-2 gap-3 md:grid-cols-4">
      {query.data.subjects.map((subject) => {
        const active = isSelected(subject);
        return (
          <li key={subject.id}>
            <button
              type="button"
              aria-pressed={active}
              onClick={() => onToggle(subject)}
              className={cx(
                'relative flex h-full w-full flex-col items-start gap-2 rounded-xl border p-3 text-start transition-colors',
                'focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-primary',
                active
                  ? 'border-primary bg-primary/5 ring-2 ring-primary'
                  : 'border-slate-200 bg-white hover:border-primary/60',
              )}
              data-testid="subject-card"
            >
              <span className="flex size-10 items-center justify-center rounded-lg bg-primary/10 text-primary">
                <SubjectIcon name={subject.icon} className="size-5" />
              </span>
              <span className="font-bold text-slate-900" dir="auto">
                {subject.name}
              </span>
              {subject.description ? (
                <span className="line-clamp-2 text-xs leading-5 text-slate-600" dir="auto">
                  {subject.description}
                </span>
              ) : null}
              {active ? (
                <span className="absolute top-2 end-2 flex size-6 items-center justify-center rounded-full bg-primary text-primary-foreground">
                  <Check aria-hidden="true" className="size-4" />
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}
