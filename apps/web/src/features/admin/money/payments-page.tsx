import {
  type AdminPayment,
  GATEWAY_PROVIDERS,
  type GatewayProvider,
  PAYMENT_STATUSES,
  type PaymentStatus,
} from '@ustaz/contract';
import { HandCoins, RefreshCw } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Button } from '../../../shared/ui/button.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { AdminPage } from '../ui/admin-page.tsx';
import { AdminPager } from '../ui/admin-pager.tsx';
import { isolate } from '../ui/bidi.ts';
import { type Column, DataTable } from '../ui/data-table.tsx';
import { FilterBar, TextFilter } from '../ui/filter-bar.tsx';
import { SelectField } from '../ui/form-fields.tsx';
import { formatDateTime } from '../ui/format.ts';
import { idParam } from '../ui/id-param.ts';
import { optional, useListParams } from '../ui/list-params.ts';
import { formatKwdExact } from '../ui/number-format.ts';
import { SearchBox } from '../ui/search-box.tsx';
import { UserLink } from '../ui/user-link.tsx';
import { useAdminPayments } from './api/get-payments.ts';
import { useReconcilePayment } from './api/reconcile-payment.ts';
import { moneyErrorText } from './money-errors.ts';
import { canReconcile, PaymentStatusBadge } from './payment-status-badge.tsx';
import { RefundDialog, type RefundTarget } from './refund-dialog.tsx';

const FILTERS = ['status', 'provider', 'userId', 'search'] as const;
const PAGE_SIZE = 20;

function isStatus(value: string): value is PaymentStatus {
  return (PAYMENT_STATUSES as readonly string[]).includes(value);
}

function isProvider(value: string): value is GatewayProvider {
  return (GATEWAY_PROVIDERS as readonly string[]).includes(value);
}

/**
 * /{lang}/admin/payments: gateway payments by status, provider, user, id or gateway reference; a
 * payment still open can be reconciled with its gateway, a settled one refunded to the wallet.
 */
export function AdminPaymentsPage() {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { page, filters, setFilter, setFilters, setPage } = useListParams(FILTERS);
  const status = isStatus(filters.status) ? filters.status : undefined;
  const provider = isProvider(filters.provider) ? filters.provider : undefined;
  const userId = idParam(filters.userId);
  const search = optional(filters.search);
  const payments = useAdminPayments({ status, provider, userId, search, page, limit: PAGE_SIZE });
  const reconcile = useReconcilePayment();
  const [refund, setRefund] = useState<RefundTarget | null>(null);
  const filtered = Boolean(status || provider || userId || search);

  function runReconcile(payment: AdminPayment) {
    reconcile.mutate(payment.id, {
      onSuccess: (settled) =>
        void notify.success(
          t('reconcile.done', { id: isolate(settled.id), status: t(`paymentStatus.${settled.status}`) }),
        ),
      onError: (error) => void notify.error(moneyErrorText(error, t, tAdmin)),
    });
  }

  const columns: Column<AdminPayment>[] = [
    {
      key: 'created',
      header: t('payments.columns.created'),
      cell: (payment) => (
        <span className="flex flex-col">
          <span className="whitespace-nowrap">{formatDateTime(payment.createdAt, language)}</span>
          <span dir="ltr" className="text-start text-xs break-all text-slate-500">
            {payment.id}
          </span>
        </span>
      ),
    },
    {
      key: 'user',
      header: t('payments.columns.user'),
      className: 'min-w-44',
      cell: (payment) => <UserLink id={payment.user.id} name={payment.user.name} detail={payment.user.email} />,
    },
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
    {
      key: 'amount',
      header: <span className="block text-end">{t('payments.columns.amount')}</span>,
      className: 'text-end tabular-nums whitespace-nowrap',
      cell: (payment) => formatKwdExact(payment.amount, language),
    },
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
      cell: (payment) =>
        payment.paidAt ? <span className="whitespace-nowrap">{formatDateTime(payment.paidAt, language)}</span> : null,
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
            <Button
              size="sm"
              variant="outline"
              onClick={() => runReconcile(payment)}
              loading={reconcile.isPending && reconcile.variables === payment.id}
              disabled={reconcile.isPending}
              aria-label={t('payments.reconcileLabel', { id: payment.id })}
            >
              <RefreshCw aria-hidden="true" className="size-4" />
              {t('reconcile.action')}
            </Button>
          ) : null}
          {payment.status !== 'pending' ? (
            <Button
              size="sm"
              variant="ghost"
              onClick={() => setRefund({ userId: payment.user.id, amount: payment.amount, paymentId: payment.id })}
              aria-label={t('payments.refundLabel', { id: payment.id })}
            >
              <HandCoins aria-hidden="true" className="size-4" />
              {t('payments.refund')}
            </Button>
          ) : null}
        </div>
      ),
    },
  ];

  return (
    <AdminPage title={t('payments.title')} description={t('payments.description')}>
      <FilterBar active={filtered} onClear={() => setFilters({ status: '', provider: '', userId: '', search: '' })}>
        <SearchBox
          label={t('payments.searchLabel')}
          value={filters.search}
          onSearch={(value) => setFilter('search', value)}
        />
        <SelectField
          name="status"
          label={t('payments.statusFilter')}
          value={status ?? ''}
          onChange={(event) => setFilter('status', event.target.value)}
          options={[
            { value: '', label: t('payments.allStatuses') },
            ...PAYMENT_STATUSES.map((value) => ({ value, label: t(`paymentStatus.${value}`) })),
          ]}
          className="w-full sm:w-40"
        />
        <SelectField
          name="provider"
          label={t('payments.providerFilter')}
          value={provider ?? ''}
          onChange={(event) => setFilter('provider', event.target.value)}
          options={[
            { value: '', label: t('payments.allProviders') },
            ...GATEWAY_PROVIDERS.map((value) => ({ value, label: t(`providers.${value}`) })),
          ]}
          className="w-full sm:w-40"
        />
        <TextFilter
          name="userId"
          label={t('common.userId')}
          placeholder={t('common.userIdPlaceholder')}
          value={filters.userId}
          onApply={(value) => setFilter('userId', value)}
          numeric
        />
      </FilterBar>
      <DataTable
        caption={t('payments.caption')}
        columns={columns}
        rows={payments.data?.data}
        rowKey={(payment) => payment.id}
        loading={payments.isFetching}
        error={payments.isError}
        onRetry={() => void payments.refetch()}
        retrying={payments.isFetching}
        empty={
          filtered
            ? { title: t('payments.noMatch.title'), body: t('payments.noMatch.body') }
            : { title: t('payments.empty.title'), body: t('payments.empty.body') }
        }
        testId="payments-table"
      />
      {payments.data ? (
        <AdminPager
          page={payments.data.page}
          totalPages={payments.data.totalPages}
          total={payments.data.total}
          onPageChange={setPage}
        />
      ) : null}
      {refund ? <RefundDialog target={refund} onClose={() => setRefund(null)} /> : null}
    </AdminPage>
  );
}
