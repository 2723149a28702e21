import { useQueryClient } from '@tanstack/react-query';
import type { BookingQuoteResponse } from '@ustaz/contract';
import { BOOKING } from '@ustaz/contract/constants';
import { filsToKwd, filsToNumber, readKwdFils } from '@ustaz/contract/kwd';
import { CalendarCheck, CircleAlert, Clock, Lock, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import { errorText, translatedCode } from '../../shared/lib/error-text.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import {
  type BookingModalData,
  type BookingOutcome,
  type BookingSlot,
  type BookingTerms,
  isBookingModalData,
  openBooking,
  openBookingConfirmation,
  openPaymentMethod,
  openTopUp,
} from '../../shared/money/money-modals.ts';
import { useBalance } from '../../shared/money/use-balance.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { LabelledField } from '../../shared/ui/labelled-field.tsx';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { useBookingQuote } from './api/booking-quote.ts';
import { bookingTotals, quoteShortfallFils } from './booking-totals.ts';
import { ERROR_TEXTS } from './payment-error-texts.ts';
import { isShortWallet, ShortWallet } from './short-wallet.tsx';
import { splitText } from './split-text.ts';
import { markOutcomeShown, startBooking, toastUnseenOutcome } from './start-booking.ts';

type View =
  | { name: 'review'; priceChangedFrom?: string | undefined }
  | { name: 'submitting' }
  | { name: 'outcome'; outcome: BookingOutcome };

type QuotedSlot = BookingQuoteResponse['slots'][number];

/**
 * BOOKING_MODAL (spec 2 and 4): review of the chosen slots, then submitting, success or failure.
 * Confirm opens the payment-method modal; the modal host shows one modal at a time, so the draft
 * (slots, note, method, idempotency attempt, the total confirmed, the tick) travels in the modal
 * data and comes back with it. The review asks the server for a quote: the total, how the balance
 * splits it (subscription hours first, the rest from the wallet) and each slot's cancellation
 * deadline. The booking sends that total; a price changed meanwhile brings the review back with
 * the new price, and nothing happens until the student confirms again.
 */
export function BookingModal({ data, closeModal, titleId }: ModalComponentProps) {
  const valid = isBookingModalData(data) && data.slots.length > 0;
  // No slots: nothing to show, and no empty frame either.
  useEffect(() => {
    if (!valid) closeModal();
  }, [valid, closeModal]);
  if (!valid) return null;
  return <BookingFlow data={data} closeModal={closeModal} titleId={titleId} />;
}

function BookingFlow({
  data,
  closeModal,
  titleId,
}: {
  data: BookingModalData;
  closeModal: () => void;
  titleId: string;
}) {
  const [view, setView] = useState<View>(() => (data.pending ? { name: 'submitting' } : { name: 'review' }));
  const [note, setNote] = useState(data.note ?? '');
  const [acknowledged, setAcknowledged] = useState(data.acknowledged ?? false);
  const { openModal } = useModal();

  useEffect(() => {
    const pending = data.pending;
    if (!pending) return;
    let current = true;
    void pending.then((outcome) => {
      if (!current) return;
      // One message (issue 30): this view says what happened, no toast repeats it.
      markOutcomeShown(pending);
      // Booked: the BOOKING_CONFIRMATION modal takes over (spec 4's kinds).
      if (outcome.status === 'success') openBookingConfirmation(openModal, { teacherName: data.teacherName, outcome });
      // The slots cost something else now: the review again, with the old and the new price.
      else if (outcome.code === 'priceChanged') setView({ name: 'review', priceChangedFrom: data.expectedTotal });
      else setView({ name: 'outcome', outcome });
    });
    return () => {
      current = false;
      // Closed before the answer came: the outcome is then told by a toast.
      toastUnseenOutcome(pending);
    };
  }, [data.pending, data.expectedTotal, data.teacherName, openModal]);

  // The draft as it stands now, without the finished request.
  const draft: BookingModalData = { ...data, note, acknowledged, pending: undefined };

  if (view.name === 'submitting') return <SubmittingView titleId={titleId} />;
  if (view.name === 'outcome' && view.outcome.status === 'failure') {
    return (
      <FailureView
        titleId={titleId}
        outcome={view.outcome}
        draft={draft}
        onClose={closeModal}
        onRetry={() => setView({ name: 'review' })}
      />
    );
  }
  return (
    <ReviewView
      titleId={titleId}
      draft={draft}
      note={note}
      onNoteChange={setNote}
      onAcknowledgedChange={setAcknowledged}
      priceChangedFrom={view.name === 'review' ? view.priceChangedFrom : undefined}
      onCancel={closeModal}
    />
  );
}

/** Each chosen slot with its quoted deadline, in the viewer's language and zone. */
function termsOf(draft: BookingModalData, quote: BookingQuoteResponse, language: 'ar' | 'en'): BookingTerms['slots'] {
  const quoted = new Map(quote.slots.map((slot) => [slot.id, slot]));
  return draft.slots.flatMap((slot) => {
    const terms = quoted.get(slot.id);
    if (!terms) return [];
    return [
      {
        id: slot.id,
        when: [slot.date, slot.timeRange].filter(Boolean).join(language === 'ar' ? '، ' : ', '),
        deadline: formatLessonMoment(terms.cancelDeadline, language),
        cancellable: terms.cancellable,
      },
    ];
  });
}

function ReviewView({
  titleId,
  draft,
  note,
  onNoteChange,
  onAcknowledgedChange,
  priceChangedFrom,
  onCancel,
}: {
  titleId: string;
  draft: BookingModalData;
  note: string;
  onNoteChange: (note: string) => void;
  onAcknowledgedChange: (acknowledged: boolean) => void;
  priceChangedFrom: string | undefined;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const noteId = useId();
  const acknowledgeId = useId();
  const slotIds = draft.slots.map((slot) => slot.id);
  const quote = useBookingQuote(slotIds);
  const totals = bookingTotals(draft.slots);
  const refetchBalance = balance.refetch;
  const acknowledged = draft.acknowledged ?? false;
  const onBooked = draft.onBooked;

  const quoted = quote.isError ? undefined : quote.data;
  const quotedById = new Map((quoted?.slots ?? []).map((slot) => [slot.id, slot]));
  const locked = (quoted?.slots ?? []).filter((slot) => !slot.cancellable).length;
  const ready = quoted !== undefined && !quote.isFetching;
  const canConfirm = ready && (locked === 0 || acknowledged);
  const errorCode = quote.isError ? translatedCode(quote.error, ERROR_TEXTS.payment) : null;

  // Back from paying a top-up in another tab: show the new balance (the quote refetches on focus).
  useEffect(() => {
    const refresh = () => {
      if (document.visibilityState === 'visible') void refetchBalance();
    };
    window.addEventListener('focus', refresh);
    document.addEventListener('visibilitychange', refresh);
    return () => {
      window.removeEventListener('focus', refresh);
      document.removeEventListener('visibilitychange', refresh);
    };
  }, [refetchBalance]);

  // A slot taken meanwhile, or a teacher no longer listed: the page reloads its open slots.
  useEffect(() => {
    if (errorCode === 'slotUnavailable' || errorCode === 'teacherUnavailable') onBooked();
  }, [errorCode, onBooked]);

  function confirm() {
    if (!quoted || !canConfirm) return;
    const total = quoted.total;
    const packageName = t('customPackage', { name: draft.teacherName });
    openPaymentMethod(
      openModal,
      {
        context: 'booking',
        item: { name: packageName, nameAr: packageName, hours: totals.totalHours, price: total },
        split: { ...quoted.breakdown, sufficient: quoted.sufficient },
        terms: { slots: termsOf(draft, quoted, language), acknowledged },
        selected: draft.method,
        onSelect: (method) => {
          const next: BookingModalData = { ...draft, expectedTotal: total };
          const { attempt, pending } = startBooking({
            draft: next,
            method,
            expectedTotal: total,
            language,
            queryClient,
            t,
          });
          openBooking(openModal, { ...next, method, attempt, pending });
        },
      },
      // Cancelled or dismissed: back to the review with everything kept.
      { onClose: () => openBooking(openModal, draft) },
    );
  }

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
            {ready
              ? t('review.priceChanged', {
                  old: formatKwd(priceChangedFrom, language) ?? priceChangedFrom,
                  new: formatKwd(quoted.total, language) ?? quoted.total,
                })
              : t('review.priceChangedLoading')}
          </Alert>
        </div>
      ) : null}

      <section aria-labelledby={`${titleId}-slots`} className="flex flex-col gap-2">
        <h3 id={`${titleId}-slots`} className="text-sm font-semibold text-slate-700">
          {t('review.slots', { count: draft.slots.length, number: formatNumber(draft.slots.length, language) })}
        </h3>
        {/* Many slots scroll inside the list, keeping the total and the buttons in view. */}
        <ul className="-me-1 flex max-h-64 flex-col gap-2 overflow-y-auto pe-1" data-testid="booking-slots">
          {draft.slots.map((slot) => (
            <SlotRow key={slot.id} slot={slot} quoted={quotedById.get(slot.id)} />
          ))}
        </ul>
      </section>

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

      <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm" data-testid="booking-summary">
        <SummaryRow label={t('review.total')} strong>
          {quoted ? (
            <span data-testid="booking-total">{formatKwd(quoted.total, language)}</span>
          ) : quote.isError ? (
            <span>—</span>
          ) : (
            <Spinner size="sm" label={t('review.quoteLoading')} />
          )}
        </SummaryRow>
        {balance.data && balance.data.remainingHours > 0 ? (
          <SummaryRow label={t('review.subscriptionHours')}>
            <span data-testid="booking-hours">{formatHours(balance.data.remainingHours, language, t)}</span>
          </SummaryRow>
        ) : null}
        <SummaryRow label={t('review.walletBalance')}>
          {balance.isPending ? (
            <Spinner size="sm" label={t('review.balanceLoading')} />
          ) : balance.isError ? (
            <span className="text-red-700">{t('review.balanceError')}</span>
          ) : (
            <span data-testid="booking-balance">{formatKwd(balance.data.balance, language)}</span>
          )}
        </SummaryRow>
        {quoted?.sufficient ? <SplitRow quote={quoted} /> : null}
      </dl>

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
            onChange={(event) => onAcknowledgedChange(event.target.checked)}
            className="mt-0.5 size-4 shrink-0 accent-primary"
          />
          <span>{t('review.acknowledge', { count: locked })}</span>
        </label>
      ) : null}

      <LabelledField htmlFor={noteId} label={t('review.noteLabel')}>
        <Textarea
          id={noteId}
          name="note"
          rows={3}
          value={note}
          maxLength={BOOKING.noteMaxLength}
          onChange={(event) => onNoteChange(event.target.value.slice(0, BOOKING.noteMaxLength))}
          placeholder={t('review.notePlaceholder')}
        />
        <p className="text-end text-xs text-slate-500 tabular-nums">
          {/* count is the formatted number here, which typed options do not take */}
          {translate(t, 'ui.characterCount', {
            ns: 'common',
            count: formatNumber(note.length, language),
            max: formatNumber(BOOKING.noteMaxLength, language),
          })}
        </p>
      </LabelledField>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-end">
        {ready && !canConfirm ? (
          <p id={`${titleId}-ack-needed`} className="text-sm text-amber-800 sm:me-auto">
            {t('review.acknowledgeNeeded')}
          </p>
        ) : null}
        <Button variant="outline" onClick={onCancel}>
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

function SlotRow({ slot, quoted }: { slot: BookingSlot; quoted: QuotedSlot | undefined }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  // The quoted price is the one that will be charged; the page's is shown until it arrives.
  const fils = readKwdFils(quoted?.price ?? slot.price);
  return (
    <li
      className="flex shrink-0 items-center gap-3 rounded-xl border border-slate-200 px-3 py-2"
      data-testid="booking-slot"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-slate-900">{slot.timeRange}</span>
        <span className="text-sm text-slate-600">{slot.date}</span>
        {quoted ? <SlotTerms quoted={quoted} /> : null}
      </div>
      <span
        className={cx('shrink-0 text-sm font-semibold', fils === null ? 'text-amber-700' : 'text-slate-800')}
        data-testid="booking-slot-price"
      >
        {fils === null ? t('review.priceUnavailable') : formatKwd(filsToNumber(fils), language)}
      </span>
    </li>
  );
}

function SlotTerms({ quoted }: { quoted: QuotedSlot }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  if (quoted.cancellable) {
    return (
      <span className="text-xs text-slate-500" data-testid="booking-slot-terms">
        {t('review.cancelUntil', { deadline: formatLessonMoment(quoted.cancelDeadline, language) })}
      </span>
    );
  }
  return (
    <span
      className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-amber-800"
      data-testid="booking-slot-terms"
    >
      <span className="inline-flex items-center gap-1 rounded-full bg-amber-100 px-2 py-0.5 font-semibold">
        <Lock aria-hidden="true" className="size-3" />
        {t('review.notCancellable')}
      </span>
      <span>{t('review.notCancellableWhy')}</span>
    </span>
  );
}

function SummaryRow({ label, strong = false, children }: { label: string; strong?: boolean; children: ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-3">
      <dt className={cx(strong ? 'font-semibold text-slate-900' : 'text-slate-600')}>{label}</dt>
      <dd className={cx('text-end', strong ? 'text-base font-bold text-slate-900' : 'font-semibold text-slate-800')}>
        {children}
      </dd>
    </div>
  );
}

function SplitRow({ quote }: { quote: BookingQuoteResponse }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const withHours = quote.breakdown.subscriptionHours > 0;
  return (
    <div className="flex flex-col gap-1 border-t border-slate-200 pt-2">
      <dt className="text-slate-600">{t('review.payingFromBalance')}</dt>
      <dd className="font-semibold text-slate-900" data-testid="booking-split">
        {splitText(quote.breakdown, language, t)}
      </dd>
      {withHours ? <dd className="text-xs text-slate-500">{t('review.gatewayPaysTotal')}</dd> : null}
    </div>
  );
}

function SubmittingView({ titleId }: { titleId: string }) {
  const { t } = useTranslation(['booking', 'payment']);
  return (
    <div
      className="flex flex-col items-center gap-4 py-10 text-center"
      aria-busy="true"
      data-testid="booking-submitting"
    >
      <Spinner size="lg" className="text-primary" label={t('submitting.body')} />
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('submitting.title')}
      </h2>
      <p className="max-w-sm text-sm text-slate-600">{t('submitting.body')}</p>
    </div>
  );
}

function FailureView({
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
