import type { AdminOverview } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatId, formatKwd, formatNumber } from '../../../shared/lib/format.ts';

function Panel({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="rounded-xl border border-slate-200 bg-white p-4" data-testid={testId}>
      <h3 className="mb-2 text-base font-bold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

/** The range's top lists (subjects booked most, searches that found nothing) and what waits on the operator now. */
export function OverviewLists({ data, day }: { data: AdminOverview; day: (value: string) => string }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const link = (path: string) => localePath(language, `/admin${path}`);
  const none = <p className="text-sm text-slate-500">{t('overview.period.none')}</p>;
  const { payoutsWaiting: payouts, oldestOpenDispute: dispute } = data;
  return (
    <div className="grid gap-3 lg:grid-cols-3">
      <Panel title={t('overview.period.topSubjects')} testId="overview-top-subjects">
        {data.topSubjects.length === 0 ? (
          none
        ) : (
          <ol className="space-y-1 text-sm">
            {data.topSubjects.map((subject) => (
              <li key={subject.subjectId} className="flex justify-between gap-3">
                <Link to={link('/subjects')} className="text-slate-900 hover:text-primary hover:underline">
                  {language === 'en' ? subject.nameEn : subject.nameAr}
                </Link>
                <span className="text-slate-600 tabular-nums">
                  {t('overview.period.bookingsCount', { number: formatNumber(subject.bookings, language) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title={t('overview.period.notFound')} testId="overview-not-found">
        {data.notFoundTerms.length === 0 ? (
          none
        ) : (
          <ol className="space-y-1 text-sm">
            {data.notFoundTerms.map((term) => (
              <li key={`${term.searchType}-${term.term}`} className="flex justify-between gap-3">
                <Link to={link('/search-log')} className="break-words text-slate-900 hover:text-primary" dir="auto">
                  {term.term}
                </Link>
                <span className="text-slate-600 tabular-nums">
                  {t('overview.period.searches', { number: formatNumber(term.count, language) })}
                </span>
              </li>
            ))}
          </ol>
        )}
      </Panel>
      <Panel title={t('overview.period.waiting')} testId="overview-waiting">
        <ul className="space-y-2 text-sm">
          <li>
            <Link to={link('/payouts')} className="text-slate-900 hover:text-primary hover:underline">
              {payouts.count > 0
                ? t('overview.period.payouts', {
                    number: formatNumber(payouts.count, language),
                    amount: formatKwd(payouts.amount, language),
                  })
                : t('overview.period.noPayouts')}
            </Link>
            {payouts.oldestAt ? (
              <span className="block text-xs text-slate-500">
                {t('overview.period.payoutsSince', { date: day(payouts.oldestAt.slice(0, 10)) })}
              </span>
            ) : null}
          </li>
          <li>
            <Link to={link('/disputes')} className="text-slate-900 hover:text-primary hover:underline">
              {dispute
                ? t('overview.period.dispute', {
                    id: formatId(dispute.reservationId, language),
                    date: day(dispute.openedAt.slice(0, 10)),
                  })
                : t('overview.period.noDispute')}
            </Link>
          </li>
        </ul>
      </Panel>
    </div>
  );
}
