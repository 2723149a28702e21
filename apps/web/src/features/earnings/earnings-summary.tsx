import type { EarningsSummary as Summary } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarClock, Landmark, Wallet } from '../../shared/ui/icons.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { useEarnings } from './api/earnings-queries.ts';

/** A KWD amount of this page: to the fils (3 decimals), as the statement counts it, in the viewer's language. */
export function useKwd() {
  const language = useCurrentLanguage();
  return (amount: string) => formatKwd(amount, language) ?? amount;
}

/** The teacher's earnings summary, loaded: three placeholders like the figures while it loads, a retry card if it fails. */
export function EarningsStates({ children }: { children: (summary: Summary) => ReactNode }) {
  const { t } = useTranslation('earnings');
  const earnings = useEarnings();
  return (
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
      {children}
    </QueryStates>
  );
}

const FIGURES = [
  { key: 'available', Icon: Wallet, tone: 'bg-emerald-50 text-emerald-700', strong: true },
  { key: 'pending', Icon: CalendarClock, tone: 'bg-amber-50 text-amber-700', strong: false },
  { key: 'paidOut', Icon: Landmark, tone: 'bg-sky-50 text-sky-700', strong: false },
] as const;

/** The three figures: available to withdraw, from upcoming lessons, paid out; and what waits to be sent. */
export function EarningsFigures({ summary }: { summary: Summary }) {
  const { t } = useTranslation('earnings');
  const kwd = useKwd();
  return (
    <div className="flex flex-col gap-3">
      <dl className="grid grid-cols-1 gap-3 sm:grid-cols-3">
        {FIGURES.map(({ key, Icon, tone, strong }) => (
          <div
            key={key}
            className={cx(
              'flex flex-col gap-2 rounded-2xl border p-4',
              strong ? 'border-emerald-200 bg-white shadow-sm' : 'border-slate-200 bg-white',
            )}
            data-testid={`figure-${key}`}
          >
            <dt className="flex items-center gap-2 text-sm font-semibold text-slate-600">
              <span aria-hidden="true" className={cx('flex size-8 items-center justify-center rounded-full', tone)}>
                <Icon className="size-4" />
              </span>
              {t(`summary.${key}`)}
            </dt>
            <dd className="flex flex-col gap-1">
              <span className="text-2xl font-black text-slate-900 tabular-nums">
                <bdi>{kwd(summary[key])}</bdi>
              </span>
              <span className="text-xs text-slate-500">{t(`summary.${key}Hint`)}</span>
            </dd>
          </div>
        ))}
      </dl>
      {Number(summary.requested) > 0 ? (
        <p className="text-sm text-slate-600" data-testid="requested-note">
          {t('summary.requested', { amount: kwd(summary.requested) })}
        </p>
      ) : null}
    </div>
  );
}
