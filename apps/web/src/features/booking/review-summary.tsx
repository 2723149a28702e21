import type { BookingQuoteResponse } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import type { useBalance } from '../../shared/money/use-balance.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { splitText } from './split-text.ts';

/**
 * The review's figures: the quoted total, the subscription hours and the wallet balance, and
 * how the balance pays the total when it is enough.
 */
export function ReviewSummary({
  quoted,
  quoteFailed,
  balance,
}: {
  quoted: BookingQuoteResponse | undefined;
  quoteFailed: boolean;
  balance: ReturnType<typeof useBalance>;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  return (
    <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm" data-testid="booking-summary">
      <SummaryRow label={t('review.total')} strong>
        {quoted ? (
          <span data-testid="booking-total">{formatKwd(quoted.total, language)}</span>
        ) : quoteFailed ? (
          <span>—</span>
        ) : (
          <Spinner size="sm" label={t('review.quoteLoading')} />
        )}
      </SummaryRow>
      {balance.data && balance.data.remainingHours > 0 ? (
        <SummaryRow label={t('review.subscriptionHours')}>
          <span data-testid="booking-hours">{formatHours(balance.data.remainingHours, language, t)}</span>
        </SummaryRow>
      ) : null}
      <SummaryRow label={t('review.walletBalance')}>
        {balance.isPending ? (
          <Spinner size="sm" label={t('review.balanceLoading')} />
        ) : balance.isError ? (
          <span className="text-red-700">{t('review.balanceError')}</span>
        ) : (
          <span data-testid="booking-balance">{formatKwd(balance.data.balance, language)}</span>
        )}
      </SummaryRow>
      {quoted?.sufficient ? <SplitRow quote={quoted} /> : null}
    </dl>
  );
}

function SummaryRow({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className={cx(strong ? 'font-semibold text-slate-900' : 'text-slate-600')}>{label}</dt>
      <dd className={cx('text-end', strong ? 'text-base font-bold text-slate-900' : 'font-semibold text-slate-800')}>
        {children}
      </dd>
    </div>
  );
}

function SplitRow({ quote }: { quote: BookingQuoteResponse }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const withHours = quote.breakdown.subscriptionHours > 0;
  return (
    <div className="flex flex-col gap-1 border-t border-slate-200 pt-2">
      <dt className="text-slate-600">{t('review.payingFromBalance')}</dt>
      <dd className="font-semibold text-slate-900" data-testid="booking-split">
        {splitText(quote.breakdown, language, t)}
      </dd>
      {withHours ? <dd className="text-xs text-slate-500">{t('review.gatewayPaysTotal')}</dd> : null}
    </div>
  );
}
