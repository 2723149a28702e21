import { useQueryClient } from '@tanstack/react-query';
import type { BookingQuoteResponse } from '@ustaz/contract';
import { filsToNumber } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { type BookingModalData, openBooking } from '../../shared/money/money-modals.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Wallet } from '../../shared/ui/icons.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { quoteShortfallFils } from './booking-totals.ts';
import { startBooking } from './start-booking.ts';

/** The wallet lacks part of its share: the review offers the top-up and book as its main action. */
export function isShortWallet(quote: BookingQuoteResponse): boolean {
  return !quote.sufficient && quoteShortfallFils(quote) > 0;
}

/**
 * The review step's note for a wallet short of its part (issue 30 item 5, ADR 026): the balance and
 * what is missing, and one button that tops up exactly that by KNET (Payzah) and books. The server
 * holds the slots meanwhile and books them itself once the top-up is paid; the modal then shows the
 * booking as waiting for its payment, like a gateway booking.
 */
export function ShortWallet({
  quote,
  draft,
  disabled,
}: {
  quote: BookingQuoteResponse;
  draft: BookingModalData;
  /** The lessons that cannot be cancelled are not acknowledged yet. */
  disabled: boolean;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const shortfallFils = quoteShortfallFils(quote);
  // Enough: the split says how the balance pays it.
  if (!isShortWallet(quote)) return null;
  const amount = formatKwd(filsToNumber(shortfallFils), language) ?? '';

  function topUpAndBook() {
    const next: BookingModalData = { ...draft, expectedTotal: quote.total };
    const { attempt, pending } = startBooking({
      draft: next,
      method: 'balance',
      topUpWith: 'payzah',
      expectedTotal: quote.total,
      language,
      queryClient,
      t,
    });
    openBooking(openModal, { ...next, method: 'balance', attempt, pending });
  }

  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="booking-insufficient"
    >
      <p className="flex items-start gap-2">
        <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span data-testid="booking-shortfall">
          {t('review.shortfall', { balance: formatKwd(quote.balance, language) ?? quote.balance, amount })}
        </span>
      </p>
      <Button
        variant="primary"
        className="w-full sm:w-auto sm:self-start"
        disabled={disabled}
        onClick={topUpAndBook}
        data-testid="booking-top-up-and-book"
      >
        {t('review.topUpAndBook', { amount })}
      </Button>
      <p className="text-xs text-amber-800">{t('review.topUpAndBookHint')}</p>
    </div>
  );
}
