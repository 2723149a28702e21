import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import type { BookingModalData } from '../../shared/money/money-modals.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { CalendarCheck } from '../../shared/ui/icons.tsx';
import { BookingNoteField } from './booking-note-field.tsx';
import { ERROR_TEXTS } from './payment-error-texts.ts';
import { ReviewSlots } from './review-slots.tsx';
import { ReviewSummary } from './review-summary.tsx';
import { isShortWallet, ShortWallet } from './short-wallet.tsx';
import { useBookingReview } from './use-booking-review.ts';

type ReviewViewProps = {
  titleId: string;
  draft: BookingModalData;
  note: string;
  onNoteChange: (note: string) => void;
  onAcknowledgedChange: (acknowledged: boolean) => void;
  priceChangedFrom: string | undefined;
  onCancel: () => void;
};

/**
 * The review of the chosen slots: the price (and what changed, when it did), each slot's terms,
 * the balance, the acknowledgement of slots that cannot be cancelled, the note, and confirm.
 */
export function ReviewView({ titleId, draft, note, priceChangedFrom, ...handlers }: ReviewViewProps) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const acknowledgeId = useId();
  const { quote, quoted, balance, acknowledged, locked, ready, canConfirm, confirm } = useBookingReview(draft);

  return (
    <div className="flex flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h2 id={titleId} className="text-lg font-bold text-slate-900">
          {t('review.title')}
        </h2>
        <p className="text-sm text-slate-600">
          {t('review.withTeacher')} <bdi className="font-semibold text-slate-800">{draft.teacherName}</bdi>
        </p>
      </header>

      {priceChangedFrom !== undefined ? (
        <div data-testid="booking-price-changed">
          <Alert variant="info" title={t('review.priceChangedTitle')}>
            {/* ready implies quoted; the check tells the compiler */}
            {ready && quoted
              ? t('review.priceChanged', {
                  old: formatKwd(priceChangedFrom, language) ?? priceChangedFrom,
                  new: formatKwd(quoted.total, language) ?? quoted.total,
                })
              : t('review.priceChangedLoading')}
          </Alert>
        </div>
      ) : null}

      <ReviewSlots titleId={titleId} slots={draft.slots} quoted={quoted} />

      {quote.isError ? (
        <div className="flex flex-col gap-2" data-testid="booking-quote-error">
          <Alert variant="error" title={t('review.quoteError')}>
            {errorText(quote.error, (key: string) => translate(t, key, { ns: 'payment' }), ERROR_TEXTS.payment)}
          </Alert>
          <Button
            variant="outline"
            size="sm"
            className="self-start"
            loading={quote.isFetching}
            onClick={() => void quote.refetch()}
          >
            {t('review.quoteRetry')}
          </Button>
        </div>
      ) : null}

      <ReviewSummary quoted={quoted} quoteFailed={quote.isError} balance={balance} />

      {quoted ? <ShortWallet quote={quoted} draft={draft} disabled={!canConfirm} /> : null}

      {locked > 0 ? (
        <label
          htmlFor={acknowledgeId}
          className="flex cursor-pointer items-start gap-3 rounded-lg border border-amber-300 bg-amber-50 p-3 text-sm font-medium text-amber-900"
          data-testid="booking-acknowledge"
        >
          <input
            id={acknowledgeId}
            type="checkbox"
            checked={acknowledged}
            onChange={(event) => handlers.onAcknowledgedChange(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>{t('review.acknowledge', { count: locked })}</span>
        </label>
      ) : null}

      <BookingNoteField note={note} onChange={handlers.onNoteChange} />

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {ready && !canConfirm ? (
          <p id={`${titleId}-ack-needed`} className="text-sm text-amber-800 sm:me-auto">
            {t('review.acknowledgeNeeded')}
          </p>
        ) : null}
        <Button variant="outline" onClick={handlers.onCancel}>
          {t('review.cancel')}
        </Button>
        <Button
          // One primary action (issue 30): with a short wallet it is the top-up and book above.
          variant={quoted && isShortWallet(quoted) ? 'outline' : 'primary'}
          onClick={confirm}
          disabled={!canConfirm}
          aria-describedby={ready && !canConfirm ? `${titleId}-ack-needed` : undefined}
        >
          <CalendarCheck aria-hidden="true" className="size-4" />
          {t('review.confirm')}
        </Button>
      </div>
    </div>
  );
}
