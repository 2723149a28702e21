import { useQueryClient } from '@tanstack/react-query';
import type { CancelReservationResponse, Reservation } from '@ustaz/contract';
import { BOOKING } from '@ustaz/contract/constants';
import { readKwdFils } from '@ustaz/contract/kwd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatTimeRange, formatWeekdayDate } from '../../shared/lib/dates/formats.ts';
import { errorText, isNetworkError } from '../../shared/lib/error-text.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { formatHoursNumber } from '../../shared/money/format-hours.ts';
import { BALANCE_QUERY_KEY } from '../../shared/money/use-balance.ts';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { notify } from '../../shared/ui/toast.tsx';
import { cancelReservation, RESERVATIONS_QUERY_KEY } from './api/reservations.ts';
import type { ReservationViewer } from './reservation-card.tsx';
import { ERROR_TEXTS } from './reservations-error-texts.ts';

/** A failure worth retrying from the open dialog: the server was not reached or failed itself. */
function isTransient(error: unknown): boolean {
  return isNetworkError(error) || (error instanceof ApiRequestError && (error.status >= 500 || error.status === 429));
}

/**
 * Cancel with confirmation: the shared confirmation modal names the lesson; on confirm the cancel
 * call runs, a toast says what was refunded (money to the wallet or hours to the subscription),
 * and the reservation lists and the ['balance'] query are refreshed. A refused cancellation
 * (closed window, gone, not allowed) closes the dialog with the reason and refreshes the list; a
 * network or server failure keeps the dialog open to try again.
 */
export function useCancelReservation({ viewer, timeZone }: { viewer: ReservationViewer; timeZone: string }) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const queryClient = useQueryClient();

  const refresh = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    void queryClient.invalidateQueries({ queryKey: BALANCE_QUERY_KEY });
  }, [queryClient]);

  const refundMessage = useCallback(
    ({ refund }: CancelReservationResponse): string => {
      const side = viewer === 'student' ? 'student' : 'teacher';
      if (refund.to === 'wallet') {
        return t(`cancel.done.${side}.wallet`, { amount: formatKwd(refund.amount, language) ?? refund.amount });
      }
      // Hours and money both came back (a lesson paid with both): both named (issue 30).
      if (refund.to === 'subscription' && (readKwdFils(refund.amount) ?? 0) > 0) {
        return t(`cancel.done.${side}.split`, {
          count: refund.hours,
          number: formatHoursNumber(refund.hours, language),
          amount: formatKwd(refund.amount, language) ?? refund.amount,
        });
      }
      if (refund.to === 'subscription') {
        return t(`cancel.done.${side}.subscription`, {
          count: refund.hours,
          number: formatHoursNumber(refund.hours, language),
        });
      }
      return t('cancel.done.none');
    },
    [t, viewer, language],
  );

  const failureMessage = useCallback(
    (error: unknown): string => {
      const hours = formatNumber(BOOKING.studentCancelHours, language);
      return errorText(
        error,
        (key: string, options?: Record<string, unknown>) => translate(t, key, { ...options, hours }),
        ERROR_TEXTS.reservations,
      );
    },
    [t, language],
  );

  return useCallback(
    (reservation: Reservation) => {
      const other = viewer === 'student' ? reservation.teacher : reservation.student;
      const lesson = t('cancel.lesson', {
        name: `${other.firstName} ${other.lastName}`.trim(),
        date: formatWeekdayDate(reservation.startTime, language, timeZone),
        time: formatTimeRange(reservation.startTime, reservation.endTime, language, timeZone),
      });
      openModal(MODAL_KINDS.CONFIRMATION_MODAL, {
        title: t('cancel.title'),
        message: `${lesson} ${t(viewer === 'student' ? 'cancel.refundStudent' : 'cancel.refundTeacher')}`,
        confirmText: t('cancel.confirm'),
        cancelText: t('cancel.keep'),
        variant: 'destructive',
        onConfirm: async () => {
          try {
            const answer = await cancelReservation(reservation.id);
            void notify.success(refundMessage(answer));
          } catch (error) {
            void notify.error(failureMessage(error));
            // Transient: the dialog stays open (a rejection keeps it) so the user can try again.
            if (isTransient(error)) throw error;
          }
          refresh();
        },
      });
    },
    [viewer, t, language, timeZone, openModal, refundMessage, failureMessage, refresh],
  );
}
