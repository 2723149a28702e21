import { type AdminPayout, BANK_REFERENCE_MAX_LENGTH, PAYOUT_STATUSES } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate, ltr } from '../../../shared/lib/bidi.ts';
import { errorCode, errorText } from '../../../shared/lib/error-text.ts';
import { formatKwd, groupIban } from '../../../shared/lib/format.ts';
import { Check, Undo2 } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge } from '../ui/badge.tsx';
import { amountColumn, DateTimeCell, idDateColumn, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { SelectFilter } from '../ui/filter-bar.tsx';
import { oneOf } from '../ui/list-params.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { RowAction } from '../ui/row-action.tsx';
import { ERROR_TEXTS } from './admin-money-error-texts.ts';
import { type PayoutDecision, useAdminPayouts, useDecidePayout } from './api/payouts.ts';

const FILTERS = { status: oneOf(PAYOUT_STATUSES) };

const TONES = { requested: 'warning', paid: 'success', rejected: 'danger' } as const;

/** A waiting payout's two buttons: mark it paid (asks the bank reference) or return it (asks why). */
const DECISIONS = [
  { paid: true, icon: Check, variant: 'primary', text: 'markPaid' },
  { paid: false, icon: Undo2, variant: 'ghost', text: 'reject' },
] as const;

/**
 * /{lang}/admin/payouts: teachers' payout requests (waiting ones first come, first served). The admin
 * sends the money by bank transfer, then marks it paid with the bank's reference, or returns it to
 * the teacher's earnings with a reason; both are audited and the teacher is told.
 */
export function AdminPayoutsPage() {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const payouts = useAdminPayouts({ ...list.values, ...list.paging });
  const decide = useDecidePayout();
  const [open, setOpen] = useState<{ payout: AdminPayout; paid: boolean } | null>(null);
  const kwd = (amount: string) => formatKwd(amount, language) ?? amount;

  async function confirm(text: string) {
    if (!open) return;
    const { payout, paid } = open;
    const decision: PayoutDecision = paid
      ? { id: payout.id, paid: true, bankReference: text }
      : { id: payout.id, paid: false, reason: text };
    try {
      await decide.mutateAsync(decision);
      notify.success(t(paid ? 'payouts.paidDone' : 'payouts.rejectDone', { id: payout.id }));
    } catch (error) {
      notify.error(
        errorCode(error) === 'payoutAlreadyDecided'
          ? t('payouts.alreadyDecided')
          : errorText(error, t, ERROR_TEXTS.adminMoney, () => errorText(error, tAdmin, ERROR_TEXTS.admin)),
      );
      throw error;
    }
  }

  const columns: Column<AdminPayout>[] = [
    idDateColumn('created', t('payouts.columns.created'), (payout) => payout.createdAt),
    userColumn(
      'teacher',
      t('payouts.columns.teacher'),
      ({ teacher }) => ({ ...teacher, detail: teacher.email }),
      'min-w-44',
    ),
    amountColumn('amount', t('payouts.columns.amount'), (payout) => payout.amount, language),
    {
      key: 'bank',
      header: t('payouts.columns.bank'),
      className: 'min-w-56',
      cell: (payout) => (
        <span className="flex flex-col gap-0.5">
          <span dir="ltr" className="text-start font-mono text-xs">
            {groupIban(payout.iban)}
          </span>
          <span className="text-xs text-slate-600">{t('payouts.holder', { name: isolate(payout.holderName) })}</span>
        </span>
      ),
    },
    {
      key: 'status',
      header: t('payouts.columns.status'),
      cell: (payout) => <Badge tone={TONES[payout.status]}>{t(`payouts.status.${payout.status}`)}</Badge>,
    },
    {
      key: 'decision',
      header: t('payouts.columns.decision'),
      className: 'min-w-44',
      cell: (payout) =>
        payout.status === 'requested' ? (
          <div className="flex flex-wrap gap-2">
            {DECISIONS.map(({ paid, icon, variant, text }) => (
              <RowAction
                key={text}
                icon={icon}
                variant={variant}
                onClick={() => setOpen({ payout, paid })}
                label={t(`payouts.${text}Label`, { id: payout.id })}
              >
                {t(`payouts.${text}`)}
              </RowAction>
            ))}
          </div>
        ) : (
          <span className="flex flex-col gap-0.5 text-xs text-slate-600">
            {payout.bankReference ? (
              <span>{t('payouts.reference', { reference: isolate(payout.bankReference) })}</span>
            ) : null}
            {payout.rejectReason ? (
              <span dir="auto">{t('payouts.reason', { reason: isolate(payout.rejectReason) })}</span>
            ) : null}
            {payout.decidedAt ? <DateTimeCell at={payout.decidedAt} /> : null}
            {payout.decidedBy ? <span>{t('payouts.decidedBy', { name: isolate(payout.decidedBy.name) })}</span> : null}
          </span>
        ),
    },
  ];

  const target = open?.payout;
  return (
    <AdminListPage
      t={t}
      texts="payouts"
      list={list}
      query={payouts}
      columns={columns}
      dialogs={
        target ? (
          <ReasonDialog
            open
            title={t(open.paid ? 'payouts.paidTitle' : 'payouts.rejectTitle', { id: target.id })}
            message={t(open.paid ? 'payouts.paidMessage' : 'payouts.rejectMessage', {
              amount: kwd(target.amount),
              iban: ltr(groupIban(target.iban)),
              name: isolate(target.holderName),
            })}
            label={open.paid ? t('payouts.bankReference') : undefined}
            singleLine={open.paid ? { maxLength: BANK_REFERENCE_MAX_LENGTH } : undefined}
            confirmText={t(open.paid ? 'payouts.paidConfirm' : 'payouts.rejectConfirm')}
            variant={open.paid ? 'primary' : 'destructive'}
            onClose={() => setOpen(null)}
            onConfirm={confirm}
          />
        ) : null
      }
    >
      <SelectFilter
        {...list.select('status', (value) => t(`payouts.status.${value}`))}
        label={t('payouts.statusFilter')}
        all={t('payouts.allStatuses')}
        className="w-full sm:w-48"
      />
    </AdminListPage>
  );
}
