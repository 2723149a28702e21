import type { ReconciliationRow } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { Scale } from '../../../shared/ui/icons.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { amountColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { formatDateTime } from '../ui/format.ts';
import { RowAction } from '../ui/row-action.tsx';
import { UserLink } from '../ui/user-link.tsx';
import { canReconcile, PaymentStatusBadge } from './payment-status-badge.tsx';
import type { useReconcile } from './use-reconcile.ts';

const GATEWAY_TONES: Record<ReconciliationRow['gatewayStatus'], BadgeTone> = {
  pending: 'warning',
  paid: 'success',
  failed: 'danger',
  unknown: 'neutral',
};

/**
 * The reconciliation table's columns: the payment, its user, our status and the gateway's, both
 * amounts, the problem, and settling a payment still open from the gateway's answer.
 */
export function useReconciliationColumns(settle: ReturnType<typeof useReconcile>): Column<ReconciliationRow>[] {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  return [
    {
      key: 'payment',
      header: t('reconciliation.columns.payment'),
      cell: ({ payment }) => (
        <span className="flex flex-col">
          <span dir="ltr" className="text-start font-semibold break-all text-slate-900">
            {payment.id}
          </span>
          <span className="text-xs text-slate-500">{t(`providers.${payment.provider}`)}</span>
          <span className="text-xs whitespace-nowrap text-slate-500">
            {formatDateTime(payment.createdAt, language)}
          </span>
        </span>
      ),
    },
    {
      key: 'user',
      header: t('reconciliation.columns.user'),
      cell: ({ payment }) => <UserLink id={payment.user.id} name={payment.user.name} />,
    },
    {
      key: 'ours',
      header: t('reconciliation.columns.ours'),
      cell: ({ payment }) => <PaymentStatusBadge status={payment.status} />,
    },
    {
      key: 'gateway',
      header: t('reconciliation.columns.gateway'),
      cell: (row) => <Badge tone={GATEWAY_TONES[row.gatewayStatus]}>{t(`gatewayStatus.${row.gatewayStatus}`)}</Badge>,
    },
    amountColumn('amount', t('reconciliation.columns.amount'), ({ payment }) => payment.amount, language),
    amountColumn('gatewayAmount', t('reconciliation.columns.gatewayAmount'), (row) => row.gatewayAmount, language),
    {
      key: 'problem',
      header: t('reconciliation.columns.problem'),
      cell: (row) => (
        <span className="font-semibold text-slate-800">{t(`reconciliation.problems.${row.problem}`)}</span>
      ),
    },
    {
      key: 'actions',
      header: t('common.actions'),
      className: 'min-w-36',
      cell: (row) => {
        if (row.problem === 'amountDiffers') {
          return <p className="text-xs text-slate-600">{t('reconciliation.amountHint')}</p>;
        }
        if (!canReconcile(row.payment.status)) {
          return <p className="text-xs text-slate-600">{t('reconciliation.finalHint')}</p>;
        }
        return (
          <RowAction
            icon={Scale}
            onClick={() => settle.run(row.payment.id)}
            loading={settle.busy(row.payment.id)}
            disabled={settle.pending}
            label={t('reconciliation.settleLabel', { id: row.payment.id })}
            variant="primary"
          >
            {t('reconciliation.settle')}
          </RowAction>
        );
      },
    },
  ];
}
