import {
  type AdminCancelReservationResponse,
  type AdminReservation,
  isSystemCancelReason,
  RESERVATION_STATUSES,
  type ReservationStatus,
} from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate } from '../../../shared/lib/bidi.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { formatId, formatKwd } from '../../../shared/lib/format.ts';
import { formatHoursNumber } from '../../../shared/money/format-hours.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { CalendarX2 } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { AdminListPage, useAdminList } from '../ui/admin-list.tsx';
import { Badge, type BadgeTone } from '../ui/badge.tsx';
import { amountColumn, idDateColumn, userColumn } from '../ui/cells.tsx';
import type { Column } from '../ui/data-table.tsx';
import { dayRangeQuery, isBackwardsRange } from '../ui/day-range.ts';
import { DayRangeFilters, SelectFilter, UserIdFilter } from '../ui/filter-bar.tsx';
import { formatDateTime } from '../ui/format.ts';
import { idParam } from '../ui/id-param.ts';
import { oneOf, optional } from '../ui/list-params.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { RowAction } from '../ui/row-action.tsx';
import { useCancelReservation } from './api/cancel-reservation.ts';
import { useAdminReservations } from './api/get-reservations.ts';

const FILTERS = { status: oneOf(RESERVATION_STATUSES), userId: idParam, from: optional, to: optional };
const HOUR_MS = 3600_000;

const STATUS_TONES: Record<ReservationStatus, BadgeTone> = {
  pending: 'warning',
  confirmed: 'info',
  completed: 'success',
  cancelled: 'danger',
};

/** Pending or confirmed and not yet ended: the server's rule for an admin cancellation. */
export function canAdminCancel(reservation: AdminReservation, now: Date): boolean {
  if (reservation.status !== 'pending' && reservation.status !== 'confirmed') return false;
  return new Date(reservation.endTime).getTime() > now.getTime();
}

function lessonHours(reservation: AdminReservation): number {
  const ms = new Date(reservation.endTime).getTime() - new Date(reservation.startTime).getTime();
  return Number.isFinite(ms) && ms > 0 ? ms / HOUR_MS : 0;
}

function hoursText(hours: number, language: Language, t: TFunction<'admin-money'>): string {
  return t('reservations.hours', { count: hours, number: formatHoursNumber(hours, language) });
}

/** Where the money of a cancellation goes, as the dialog says it before the admin confirms. */
function refundPreview(reservation: AdminReservation, language: Language, t: TFunction<'admin-money'>): string {
  if (reservation.status === 'pending') return t('reservations.refundNone');
  if (reservation.paidWith === 'subscription') {
    return t('reservations.refundHours', { hours: hoursText(lessonHours(reservation), language, t) });
  }
  return t('reservations.refundWallet', { amount: formatKwd(reservation.price, language) ?? reservation.price });
}

/** What was refunded, from the server's answer. */
function refundDone(
  refund: AdminCancelReservationResponse['refund'],
  language: Language,
  t: TFunction<'admin-money'>,
): string {
  if (refund.to === 'wallet')
    return t('reservations.doneWallet', { amount: formatKwd(refund.amount, language) ?? refund.amount });
  if (refund.to === 'subscription') return t('reservations.doneHours', { hours: hoursText(refund.hours, language, t) });
  return t('reservations.doneNone');
}

/**
 * /{lang}/admin/reservations: every lesson by status, person (`?userId=` from the user page) and
 * start day; a live one can be cancelled with a full refund to where it was paid from.
 */
export function AdminReservationsPage({ now }: { now?: Date } = {}) {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const list = useAdminList(FILTERS);
  const { filters } = list;
  const { status, userId } = list.values;
  const reservations = useAdminReservations({
    status,
    userId,
    ...dayRangeQuery(filters.from, filters.to),
    ...list.paging,
  });
  const cancel = useCancelReservation();
  const [cancelling, setCancelling] = useState<AdminReservation | null>(null);
  const moment = now ?? new Date();

  async function confirmCancel(reason: string) {
    if (!cancelling) return;
    try {
      const answer = await cancel.mutateAsync({ id: cancelling.id, reason });
      void notify.success(refundDone(answer.refund, language, t));
    } catch (error) {
      void notify.error(errorText(error, tAdmin, ERROR_TEXTS.admin));
      throw error;
    }
  }

  const columns: Column<AdminReservation>[] = [
    idDateColumn('start', t('reservations.columns.start'), (reservation) => reservation.startTime),
    userColumn(
      'student',
      t('reservations.columns.student'),
      ({ student }) => ({ ...student, detail: student.email }),
      'min-w-44',
    ),
    userColumn('teacher', t('reservations.columns.teacher'), (reservation) => reservation.teacher),
    amountColumn('price', t('reservations.columns.price'), (reservation) => reservation.price, language),
    {
      key: 'paidWith',
      header: t('reservations.columns.paidWith'),
      cell: (reservation) => t(`paidWith.${reservation.paidWith}`),
    },
    {
      key: 'status',
      header: t('reservations.columns.status'),
      cell: (reservation) => (
        <Badge tone={STATUS_TONES[reservation.status]}>{t(`reservationStatus.${reservation.status}`)}</Badge>
      ),
    },
    {
      key: 'cancelled',
      header: t('reservations.columns.cancelled'),
      className: 'min-w-40',
      cell: (reservation) =>
        reservation.status === 'cancelled' ? (
          <span className="flex flex-col gap-0.5">
            {reservation.cancelledBy ? (
              <span className="font-semibold text-slate-800">{t(`cancelledBy.${reservation.cancelledBy}`)}</span>
            ) : null}
            {reservation.cancelledAt ? (
              <span className="text-xs whitespace-nowrap text-slate-500">
                {formatDateTime(reservation.cancelledAt, language)}
              </span>
            ) : null}
            {reservation.cancelReason ? (
              <span dir="auto" className="whitespace-pre-line text-slate-700 wrap-anywhere">
                {isSystemCancelReason(reservation.cancelReason)
                  ? t(`cancelReasons.${reservation.cancelReason}`)
                  : reservation.cancelReason}
              </span>
            ) : null}
          </span>
        ) : null,
    },
    {
      key: 'actions',
      header: t('common.actions'),
      cell: (reservation) =>
        canAdminCancel(reservation, moment) ? (
          <RowAction
            icon={CalendarX2}
            onClick={() => setCancelling(reservation)}
            label={t('reservations.cancelLabel', { id: formatId(reservation.id, language) })}
          >
            {t('reservations.cancel')}
          </RowAction>
        ) : null,
    },
  ];

  return (
    <AdminListPage
      t={t}
      texts="reservations"
      list={list}
      query={reservations}
      columns={columns}
      notice={isBackwardsRange(filters.from, filters.to) ? <Alert variant="info">{t('common.badRange')}</Alert> : null}
      dialogs={
        <ReasonDialog
          open={cancelling !== null}
          title={cancelling ? t('reservations.dialogTitle', { id: formatId(cancelling.id, language) }) : ''}
          message={
            cancelling ? (
              <div className="flex flex-col gap-2">
                <p>
                  {t('reservations.dialogLesson', {
                    student: isolate(cancelling.student.name),
                    teacher: isolate(cancelling.teacher.name),
                    start: formatDateTime(cancelling.startTime, language),
                  })}
                </p>
                <p className="font-semibold text-slate-900" data-testid="cancel-refund-preview">
                  {refundPreview(cancelling, language, t)}
                </p>
              </div>
            ) : null
          }
          confirmText={t('reservations.confirm')}
          onClose={() => setCancelling(null)}
          onConfirm={confirmCancel}
        />
      }
    >
      <SelectFilter
        {...list.select('status', (value) => t(`reservationStatus.${value}`))}
        label={t('reservations.statusFilter')}
        all={t('reservations.allStatuses')}
      />
      <UserIdFilter {...list.input('userId')} label={t('reservations.userFilter')} className="w-full sm:w-56" />
      <DayRangeFilters from={filters.from} to={filters.to} onApply={list.setFilter} />
    </AdminListPage>
  );
}
