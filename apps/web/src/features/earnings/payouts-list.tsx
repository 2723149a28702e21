import type { Payout } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { isolate } from '../../shared/lib/bidi.ts';
import { formatDateTime } from '../../shared/lib/dates/formats.ts';
import { usePayouts } from './api/earnings-queries.ts';
import { EarningsPages } from './earnings-pages.tsx';
import { useKwd } from './earnings-summary.tsx';
import { Panel } from './panel.tsx';
import { StatusBadge } from './status-badge.tsx';

/** The teacher's payout requests, newest first, with their status, bank reference or the reason they came back. */
export function PayoutsList() {
  const { t } = useTranslation('earnings');
  const [page, setPage] = useState(1);
  const payouts = usePayouts(page);
  return (
    <Panel id="payouts-title" title={t('payouts.title')}>
      <EarningsPages
        list="payouts"
        query={payouts}
        page={page}
        onPageChange={setPage}
        rows={2}
        rowHeight="h-12"
        empty={
          <p className="text-sm text-slate-600" data-testid="payouts-empty">
            {t('payouts.empty')}
          </p>
        }
      >
        {(data) => (
          <ul className="divide-y divide-slate-100">
            {data.data.map((payout) => (
              <li key={payout.id} className="py-2">
                <PayoutRow payout={payout} />
              </li>
            ))}
          </ul>
        )}
      </EarningsPages>
    </Panel>
  );
}

function PayoutRow({ payout }: { payout: Payout }) {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  const kwd = useKwd();
  return (
    <div className="flex flex-col gap-1" data-testid="payout">
      <div className="flex items-center justify-between gap-2">
        <span className="font-bold text-slate-900 tabular-nums">
          <bdi>{kwd(payout.amount)}</bdi>
        </span>
        <StatusBadge status={payout.status} />
      </div>
      <p className="text-xs text-slate-500">
        <time dateTime={payout.createdAt}>{formatDateTime(payout.createdAt, language)}</time>
        {' · '}
        {t('payouts.to', { last4: isolate(payout.last4) })}
      </p>
      {payout.bankReference ? (
        <p className="text-xs text-slate-600">{t('payouts.reference', { reference: isolate(payout.bankReference) })}</p>
      ) : null}
      {payout.rejectReason ? (
        <p className="text-xs text-red-700" dir="auto">
          {t('payouts.reason', { reason: isolate(payout.rejectReason) })}
        </p>
      ) : null}
    </div>
  );
}
