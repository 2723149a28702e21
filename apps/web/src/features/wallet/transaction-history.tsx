import type { WalletTransaction } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatDateTime } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { ArrowDownLeft, ArrowUpRight, ReceiptText } from '../../shared/ui/icons.tsx';
import { listPlaceholders, PagedQueryStates } from '../../shared/ui/paged-query-states.tsx';
import { amountDirection } from './amount-direction.ts';
import { useWalletTransactions } from './api/wallet-transactions.ts';

const AMOUNT_CLASSES = { in: 'text-emerald-700', out: 'text-red-700', zero: 'text-slate-700' } as const;

/** The wallet's movements, newest first, 10 a page: kind, date, and the signed amount coloured by direction. */
export function TransactionHistory({ timeZone }: { timeZone?: string }) {
  const { t } = useTranslation('wallet');
  const [page, setPage] = useState(1);
  const history = useWalletTransactions(page);
  const labels = {
    nav: t('history.pages'),
    previous: t('history.previous'),
    next: t('history.next'),
    status: (numbers: { page: string; totalPages: string }) => t('history.page', numbers),
  };

  return (
    <div className="flex flex-col gap-3" aria-busy={history.isFetching || undefined}>
      <h3 className="text-base font-bold text-slate-900">{t('history.title')}</h3>
      <PagedQueryStates
        query={history}
        pager={{ page, onPageChange: setPage, labels, compact: true }}
        loading={listPlaceholders(t('history.loading'), 'rows', 3, 'h-14', 'history-loading')}
        error={({ onRetry, retrying }) => (
          <div role="alert" className="flex flex-col items-start gap-2 rounded-xl bg-red-50 p-4 text-sm text-red-800">
            <p>{t('history.error')}</p>
            <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
              {t('retry', { ns: 'common' })}
            </Button>
          </div>
        )}
        empty={
          <div
            role="status"
            className="flex flex-col items-center gap-2 rounded-xl border border-dashed border-slate-300 px-4 py-8 text-center"
            data-testid="history-empty"
          >
            <ReceiptText aria-hidden="true" className="size-7 text-slate-400" />
            <p className="text-slate-600">{t('history.empty')}</p>
          </div>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-100 rounded-xl border border-slate-200">
            {data.data.map((line) => (
              <li key={line.id}>
                <TransactionRow line={line} timeZone={timeZone} />
              </li>
            ))}
          </ul>
        )}
      </PagedQueryStates>
    </div>
  );
}

function TransactionRow({ line, timeZone }: { line: WalletTransaction; timeZone?: string }) {
  const { t } = useTranslation('wallet');
  const language = useCurrentLanguage();
  const direction = amountDirection(line.amount);
  const Icon = direction === 'out' ? ArrowUpRight : ArrowDownLeft;
  return (
    <div className="flex items-center gap-3 px-3 py-3 sm:px-4" data-testid="transaction">
      <span
        aria-hidden="true"
        className={cx(
          'flex size-9 shrink-0 items-center justify-center rounded-full',
          direction === 'out' ? 'bg-red-50 text-red-700' : 'bg-emerald-50 text-emerald-700',
        )}
      >
        <Icon className="size-4 rtl:-scale-x-100" />
      </span>
      <div className="min-w-0 flex-1">
        <p className="flex flex-wrap items-center gap-x-2 font-semibold text-slate-900">
          {t(`kinds.${line.kind}`)}
          {line.account === 'earnings' ? (
            <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-600">
              {t('accounts.earnings')}
            </span>
          ) : null}
        </p>
        <p className="text-sm text-slate-500">
          <time dateTime={line.createdAt}>{formatDateTime(line.createdAt, language, timeZone)}</time>
        </p>
      </div>
      <p
        className={cx('shrink-0 font-bold tabular-nums', AMOUNT_CLASSES[direction])}
        data-testid="transaction-amount"
        data-direction={direction}
      >
        <span className="sr-only">{t(`direction.${direction}`)} </span>
        <bdi>{formatKwd(line.amount, language, { signed: true }) ?? line.amount}</bdi>
      </p>
    </div>
  );
}
