import { type AdminPayment, GATEWAY_PROVIDERS, PAYMENT_STATUSES } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { HandCoins, RefreshCw } from '../../../shared/ui/icons.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { amountColumn, DateTimeCell, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { SelectFilter, UserIdFilter } from '../ui/filter-bar.tsx';
import { idParam } from '../ui/id-param.ts';
import { oneOf, optional } from '../ui/list-params.ts';
import { RowAction } from '../ui/row-action.tsx';
import { SearchBox } from '../ui/search-box.tsx';
import { useAdminPayments } from './api/get-payments.ts';
import { canReconcile, PaymentStatusBadge } from './payment-status-badge.tsx';
import { RefundDialog, type RefundTarget } from './refund-dialog.tsx';
import { useReconcile } from './use-reconcile.ts';

const FILTERS = {
  status: oneOf(PAYMENT_STATUSES),
  provider: oneOf(GATEWAY_PROVIDERS),
  userId: idParam,
  search: optional,
};

/**
 * /{lang}/admin/payments: gateway payments by status, provider, user, id or gateway reference; a
 * payment still open can be reconciled with its gateway, a settled one refunded to the wallet.
 */
export function AdminPaymentsPage() {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const payments = useAdminPayments({ ...list.values, ...list.paging });
  const reconcile = useReconcile('reconcile.done');
  const [refund, setRefund] = useState<RefundTarget | null>(null);

  const columns: Column<AdminPayment>[] = [
    {
      key: 'created',
      header: t('payments.columns.created'),
      cell: (payment) => (
        <span className="flex flex-col">
          <DateTimeCell at={payment.createdAt} />
          <span dir="ltr" className="text-start text-xs break-all text-slate-500">
            {payment.id}
          </span>
        </span>
      ),
    },
    userColumn('user', t('payments.columns.user'), ({ user }) => ({ ...user, detail: user.email }), 'min-w-44'),
    {
      key: 'provider',
      header: t('payments.columns.provider'),
      cell: (payment) => (
        <span className="flex flex-col">
          <span>{t(`providers.${payment.provider}`)}</span>
          {payment.gateway !== payment.provider ? (
            <span className="text-xs text-slate-500">
              {t('payments.viaGateway', { gateway: t(`providers.${payment.gateway}`) })}
            </span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'purpose',
      header: t('payments.columns.purpose'),
      cell: (payment) => t(`purposes.${payment.purpose}`),
    },
    amountColumn('amount', t('payments.columns.amount'), (payment) => payment.amount, language),
    {
      key: 'status',
      header: t('payments.columns.status'),
      cell: (payment) => (
        <span className="flex flex-col items-start gap-1">
          <PaymentStatusBadge status={payment.status} />
          {payment.creditedToWallet ? (
            <span className="text-xs text-slate-600">{t('payments.creditedToWallet')}</span>
          ) : null}
        </span>
      ),
    },
    {
      key: 'reference',
      header: t('payments.columns.reference'),
      cell: (payment) => {
        const reference = payment.gatewayReference ?? payment.providerRef;
        return reference ? (
          <span dir="ltr" className="block text-start break-all">
            {reference}
          </span>
        ) : null;
      },
    },
    {
      key: 'paidAt',
      header: t('payments.columns.paidAt'),
      cell: (payment) => (payment.paidAt ? <DateTimeCell at={payment.paidAt} /> : null),
    },
    {
      key: 'failure',
      header: t('payments.columns.failure'),
      cell: (payment) =>
        payment.failureReason
          ? t(`failureReasons.${payment.failureReason}`, { defaultValue: payment.failureReason })
          : null,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (payment) => (
        <div className="flex flex-wrap gap-2">
          {canReconcile(payment.status) ? (
            <RowAction
              icon={RefreshCw}
              onClick={() => reconcile.run(payment.id)}
              loading={reconcile.busy(payment.id)}
              disabled={reconcile.pending}
              label={t('payments.reconcileLabel', { id: payment.id })}
            >
              {t('reconcile.action')}
            </RowAction>
          ) : null}
          {payment.status !== 'pending' ? (
            <RowAction
              icon={HandCoins}
              variant="ghost"
              onClick={() => setRefund({ userId: payment.user.id, amount: payment.amount, paymentId: payment.id })}
              label={t('payments.refundLabel', { id: payment.id })}
            >
              {t('payments.refund')}
            </RowAction>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <AdminListPage
      t={t}
      texts="payments"
      list={list}
      query={payments}
      columns={columns}
      dialogs={refund ? <RefundDialog target={refund} onClose={() => setRefund(null)} /> : null}
    >
      <SearchBox {...list.input('search')} label={t('payments.searchLabel')} />
      <SelectFilter
        {...list.select('status', (value) => t(`paymentStatus.${value}`))}
        label={t('payments.statusFilter')}
        all={t('payments.allStatuses')}
        className="w-full sm:w-40"
      />
      <SelectFilter
        {...list.select('provider', (value) => t(`providers.${value}`))}
        label={t('payments.providerFilter')}
        all={t('payments.allProviders')}
        className="w-full sm:w-40"
      />
      <UserIdFilter {...list.input('userId')} />
    </AdminListPage>
  );
}
