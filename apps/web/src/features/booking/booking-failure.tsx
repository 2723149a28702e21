import { filsToKwd } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { type BookingModalData, type BookingOutcome, openBooking, openTopUp } from '../../shared/money/money-modals.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CircleAlert, Wallet } from '../../shared/ui/icons.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { useBookingQuote } from './api/booking-quote.ts';
import { quoteShortfallFils } from './booking-totals.ts';

/** The booking failed: the server's message, a retry, and a top-up when the wallet is short now. */
export function FailureView({
  titleId,
  outcome,
  draft,
  onClose,
  onRetry,
}: {
  titleId: string;
  outcome: Extract<BookingOutcome, { status: 'failure' }>;
  draft: BookingModalData;
  onClose: () => void;
  onRetry: () => void;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const { openModal } = useModal();
  // The wallet changed meanwhile (spent in another tab): what it lacks now, from a new quote.
  const quote = useBookingQuote(outcome.code === 'insufficientBalance' ? draft.slots.map((slot) => slot.id) : []);
  const shortfall = quote.data && !quote.isError ? quoteShortfallFils(quote.data) : 0;
  const offerTopUp = outcome.code === 'insufficientBalance' && shortfall > 0;
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="booking-failure">
      <span aria-hidden="true" className="flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <CircleAlert className="size-8" />
      </span>
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('failure.title')}
      </h2>
      <p role="alert" className="max-w-md text-slate-700" data-testid="booking-error">
        {outcome.message}
      </p>
      {offerTopUp ? (
        <Button
          variant="primary"
          onClick={() =>
            openTopUp(
              openModal,
              { requiredAmount: filsToKwd(shortfall), fromBooking: true },
              { onClose: () => openBooking(openModal, draft) },
            )
          }
        >
          <Wallet aria-hidden="true" className="size-4" />
          {t('review.topUp')}
        </Button>
      ) : null}
      <div className="flex w-full flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-center">
        <Button variant="outline" onClick={onClose}>
          {t('failure.close')}
        </Button>
        {/* One primary action (issue 30): the top-up when it is offered. */}
        <Button variant={offerTopUp ? 'outline' : 'primary'} onClick={onRetry}>
          {t('failure.retry')}
        </Button>
      </div>
    </div>
  );
}
