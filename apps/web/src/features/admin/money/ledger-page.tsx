import { ADMIN_TRANSFER_KINDS, type AdminTransfer } from '@ustaz/contract';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate } from '../../../shared/lib/bidi.ts';
import { formatId, formatKwd } from '../../../shared/lib/format.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { cx } from '../../../shared/ui/class-names.ts';
import { HandCoins } from '../../../shared/ui/icons.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { ActorLink, dateColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { dayRangeQuery, isBackwardsRange } from '../ui/day-range.ts';
import { DayRangeFilters, SelectFilter, UserIdFilter } from '../ui/filter-bar.tsx';
import { idParam } from '../ui/id-param.ts';
import { oneOf, optional } from '../ui/list-params.ts';
import { useAdminLedger } from './api/get-ledger.ts';
import { RefundDialog, type RefundTarget } from './refund-dialog.tsx';

const FILTERS = { userId: idParam, kind: oneOf(ADMIN_TRANSFER_KINDS), from: optional, to: optional };

function amountTone(amount: string): string {
  const value = Number(amount);
  if (value > 0) return 'text-emerald-700';
  if (value < 0) return 'text-red-700';
  return 'text-slate-600';
}

/**
 * /{lang}/admin/ledger: the ledger journal (every transfer with its lines), filtered by user,
 * kind and days; the manual refund starts here.
 */
export function AdminLedgerPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const { filters } = list;
  const { userId, kind } = list.values;
  const ledger = useAdminLedger({ userId, kind, ...dayRangeQuery(filters.from, filters.to), ...list.paging });
  const [refund, setRefund] = useState<RefundTarget | null>(null);
  const kindLabel = (value: string) => t(`kinds.${value}`, { defaultValue: value });

  const columns: Column<AdminTransfer>[] = [
    dateColumn('date', t('ledger.columns.date'), (transfer) => transfer.createdAt),
    {
      key: 'kind',
      header: t('ledger.columns.kind'),
      cell: (transfer) => (
        <span className="flex flex-col">
          <span className="font-semibold text-slate-900">{kindLabel(transfer.kind)}</span>
          <span className="text-xs text-slate-500">{t('common.idRef', { id: formatId(transfer.id, language) })}</span>
        </span>
      ),
    },
    {
      key: 'entries',
      header: t('ledger.columns.entries'),
      className: 'min-w-64',
      cell: (transfer) => (
        <ul
          aria-label={t('ledger.entriesLabel', { id: formatId(transfer.id, language) })}
          className="flex flex-col gap-1"
          data-testid="ledger-entries"
        >
          {transfer.entries.map((entry, index) => (
            // Lines have no id of their own; their order is the server's and does not change.
            // biome-ignore lint/suspicious/noArrayIndexKey: see above
            <li key={index} className="flex flex-wrap items-baseline justify-between gap-x-3">
              <span className="text-slate-700">
                <EntryLabel account={entry.account} userId={entry.userId} userName={entry.userName} />
              </span>
              <span className={cx('font-semibold whitespace-nowrap tabular-nums', amountTone(entry.amount))}>
                {formatKwd(entry.amount, language, { signed: true }) ?? entry.amount}
              </span>
            </li>
          ))}
        </ul>
      ),
    },
    {
      key: 'memo',
      header: t('ledger.columns.memo'),
      className: 'min-w-40',
      cell: (transfer) =>
        transfer.memo ? (
          <p dir="auto" className="wrap-anywhere whitespace-pre-line text-slate-700">
            {transfer.memo}
          </p>
        ) : null,
    },
    {
      key: 'actor',
      header: t('ledger.columns.actor'),
      cell: (transfer) => <ActorLink actor={transfer.actor} none={t('common.system')} />,
    },
    {
      key: 'links',
      header: t('ledger.columns.links'),
      cell: (transfer) => <TransferLinks transfer={transfer} />,
    },
  ];

  return (
    <AdminListPage
      t={t}
      texts="ledger"
      list={list}
      query={ledger}
      columns={columns}
      actions={
        <Button onClick={() => setRefund(userId ? { userId } : {})}>
          <HandCoins aria-hidden="true" className="size-4" />
          {t('ledger.refundAction')}
        </Button>
      }
      notice={isBackwardsRange(filters.from, filters.to) ? <Alert variant="info">{t('common.badRange')}</Alert> : null}
      dialogs={refund ? <RefundDialog target={refund} onClose={() => setRefund(null)} /> : null}
    >
      <UserIdFilter {...list.input('userId')} />
      <SelectFilter
        {...list.select('kind', kindLabel)}
        label={t('ledger.kindFilter')}
        all={t('ledger.allKinds')}
        className="w-full sm:w-56"
      />
      <DayRangeFilters from={filters.from} to={filters.to} onApply={list.setFilter} />
    </AdminListPage>
  );
}

/** "Wallet (Mona Al-Sabah):" with the user linking to their page, or "Platform revenue:". */
function EntryLabel({
  account,
  userId,
  userName,
}: Pick<AdminTransfer['entries'][number], 'account' | 'userId' | 'userName'>) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const accountName = t(`accounts.${account}`);
  if (userId === null) return t('ledger.entryAccount', { account: accountName });
  return (
    <Trans
      t={t}
      i18nKey="ledger.entryUser"
      values={{ account: accountName, user: userName?.trim() || t('common.idRef', { id: formatId(userId, language) }) }}
      components={{
        user: (
          <Link
            to={localePath(language, `/admin/users/${userId}`)}
            dir="auto"
            className="text-primary underline-offset-2 hover:underline"
          />
        ),
      }}
    />
  );
}

/** What a transfer is about: its payment (opens the payments list on it), reservation, subscription. */
function TransferLinks({ transfer }: { transfer: AdminTransfer }) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const items = [];
  if (transfer.paymentId) {
    items.push(
      <li key="payment">
        <Link
          to={localePath(language, `/admin/payments?search=${encodeURIComponent(transfer.paymentId)}`)}
          className="text-primary underline-offset-2 hover:underline"
        >
          {t('ledger.payment', { id: isolate(transfer.paymentId) })}
        </Link>
      </li>,
    );
  }
  if (transfer.reservationId) {
    items.push(
      <li key="reservation">{t('ledger.reservation', { id: formatId(transfer.reservationId, language) })}</li>,
    );
  }
  if (transfer.subscriptionId) {
    items.push(
      <li key="subscription">{t('ledger.subscription', { id: formatId(transfer.subscriptionId, language) })}</li>,
    );
  }
  if (items.length === 0) return null;
  return <ul className="flex flex-col gap-1 text-sm whitespace-nowrap">{items}</ul>;
}
