import type { UserSubscription } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDate, formatDateTime } from '../../shared/lib/dates/formats.ts';
import { withPageParam } from '../../shared/lib/paging.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { Hourglass } from '../../shared/ui/icons.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { Pagination } from '../../shared/ui/pagination.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { useMyUsage } from './api/get-my-usage.ts';
import { usePagerLabels } from './use-pager-labels.ts';

function readUsagePage(value: string | null): number {
  return value && /^\d{1,5}$/.test(value) && Number(value) > 0 ? Number(value) : 1;
}

/**
 * Spec 7 `my-usage`: where the hours went. Hours used and left over the active subscriptions, the
 * expiry date of the one spent first (`current`) and what happens then (the server's expiry sweep
 * ends it and its unspent hours are not refunded), then each lesson that spent hours: teacher,
 * lesson date and hours, marked when a cancellation gave them back. Paged by `usagePage`.
 */
export function UsageSection({ current }: { current: UserSubscription | null }) {
  const { t } = useTranslation(['subscriptions', 'payment']);
  const language = useCurrentLanguage();
  const [searchParams, setSearchParams] = useSearchParams();
  const page = readUsagePage(searchParams.get('usagePage'));
  const usage = useMyUsage(page, true);
  const labels = usePagerLabels('usage.pagination');
  const expires = current?.expiresAt ? formatDate(current.expiresAt, language) : null;

  return (
    <TitledSection
      titleId="usage-title"
      title={t('usage.title')}
      size="lg"
      className="gap-4 p-6"
      testId="subscription-usage"
    >
      <QueryStates
        query={usage}
        loading={listPlaceholders(t('usage.loading'), 'rows', 3, 'h-12', 'usage-loading')}
        error={{ title: t('usage.errorTitle'), body: t('usage.errorBody'), testId: 'usage-error', headingLevel: 3 }}
      >
        {(data) => (
          <>
            <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3">
              {[
                { key: 'used', value: formatHours(data.usedHours, language, t), className: 'text-slate-900' },
                { key: 'left', value: formatHours(data.remainingHours, language, t), className: 'text-primary' },
                { key: 'expiry', value: expires ?? t('usage.noExpiry'), className: 'text-slate-900' },
              ].map(({ key, value, className }) => (
                <div
                  key={key}
                  className={cx('rounded-xl bg-slate-50 p-3', key === 'expiry' && 'col-span-2 sm:col-span-1')}
                >
                  <dt className="text-xs text-slate-600">{t(`usage.${key as 'used' | 'left' | 'expiry'}`)}</dt>
                  <dd className={cx('text-lg font-bold', className)} data-testid={`usage-${key}`}>
                    {value}
                  </dd>
                </div>
              ))}
            </dl>
            {current ? (
              <p className="flex items-start gap-2 text-sm leading-6 text-slate-700" data-testid="usage-expiry-rule">
                <Hourglass aria-hidden="true" className="mt-1 size-4 shrink-0 text-amber-600" />
                {t('usage.atExpiry', { date: expires ?? '' })}
              </p>
            ) : null}
            {data.data.length === 0 ? (
              <p className="text-sm text-slate-600" data-testid="usage-empty">
                {t('usage.empty')}
              </p>
            ) : (
              <>
                <h3 className="text-base font-semibold text-slate-900">{t('usage.lessonsTitle')}</h3>
                <ul
                  className={cx('flex flex-col divide-y divide-slate-100', usage.isPlaceholderData && 'opacity-60')}
                  data-testid="usage-lessons"
                >
                  {data.data.map((row) => (
                    <li
                      key={row.id}
                      className="flex flex-wrap items-center gap-x-4 gap-y-1 py-3 text-sm"
                      data-testid="usage-row"
                    >
                      <span className="min-w-40 flex-1 font-semibold text-slate-900">
                        <bdi>{row.teacherName}</bdi>
                      </span>
                      <span className="text-slate-700">{formatDateTime(row.startTime, language)}</span>
                      <span
                        className={cx('font-semibold', row.refunded ? 'text-slate-500 line-through' : 'text-slate-900')}
                      >
                        {formatHours(row.hours, language, t)}
                      </span>
                      {row.refunded ? (
                        <span className="rounded-full bg-emerald-100 px-2.5 py-0.5 text-xs font-semibold text-emerald-800">
                          {t('usage.returned')}
                        </span>
                      ) : null}
                    </li>
                  ))}
                </ul>
                <Pagination
                  language={language}
                  compact
                  page={Math.min(page, Math.max(1, data.totalPages))}
                  totalPages={data.totalPages}
                  onPageChange={(next) => setSearchParams((params) => withPageParam(params, next, 'usagePage'))}
                  labels={labels}
                />
              </>
            )}
          </>
        )}
      </QueryStates>
    </TitledSection>
  );
}
