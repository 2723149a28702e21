import { CalendarDays, Landmark } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { useEarnings } from './api/earnings-queries.ts';
import { EarningsFigures } from './earnings-summary.tsx';

/**
 * A teacher's earnings on their own profile: available, pending (with when it becomes available)
 * and paid out, with links to the earnings page and to the schedule. It takes the place of the
 * student's wallet (top-up, subscription hours), which is not what a teacher looks for there.
 */
export function EarningsOverview() {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const earnings = useEarnings();
  return (
    <section
      aria-labelledby="earnings-overview-title"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="earnings-overview"
    >
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="earnings-overview-title" className="text-xl font-bold text-slate-900">
          {t('profile.title')}
        </h2>
        <div className="flex flex-wrap gap-2">
          <Link to={localePath(language, '/schedule')} className={buttonClasses({ variant: 'outline', size: 'md' })}>
            <CalendarDays aria-hidden="true" className="size-4" />
            {t('profile.schedule')}
          </Link>
          <Link to={localePath(language, '/earnings')} className={buttonClasses({ variant: 'primary', size: 'md' })}>
            <Landmark aria-hidden="true" className="size-4" />
            {t('profile.open')}
          </Link>
        </div>
      </div>
      <QueryStates
        query={earnings}
        loading={{
          label: t('summary.loading'),
          count: 3,
          className: 'grid grid-cols-1 gap-3 sm:grid-cols-3',
          itemClassName: 'h-28 rounded-2xl bg-slate-100',
        }}
        error={{ title: t('summary.error'), body: t('errors.generic') }}
      >
        {(summary) => <EarningsFigures summary={summary} />}
      </QueryStates>
    </section>
  );
}
