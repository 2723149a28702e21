import { useQueryClient } from '@tanstack/react-query';
import { BOOKING } from '@ustaz/contract/constants';
import { CalendarCheck, CircleAlert, CircleCheck, Clock, ExternalLink, Wallet } from 'lucide-react';
import { type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber, INTL_LOCALES } from '../../shared/lib/format.ts';
import { formatHours } from '../../shared/money/format-hours.ts';
import { filsToKwd, filsToNumber, kwdToFils } from '../../shared/money/kwd.ts';
import {
  type BookingModalData,
  type BookingOutcome,
  type BookingSlot,
  isBookingModalData,
  openBooking,
  openPaymentMethod,
  openTopUp,
} from '../../shared/money/money-modals.ts';
import { useBalance } from '../../shared/money/use-balance.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import type { ModalComponentProps } from '../../shared/ui/modal/modal-context.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { bookingTotals, type Coverage, coverage } from './booking-totals.ts';
import { startBooking } from './start-booking.ts';

type View = { name: 'review' } | { name: 'submitting' } | { name: 'outcome'; outcome: BookingOutcome };

/**
 * BOOKING_MODAL (spec 2 and 4): review of the chosen slots, then submitting, success or failure.
 * Confirm opens the payment-method modal; the modal host shows one modal at a time, so the draft
 * (slots, note, method, idempotency attempt) travels in the modal data and comes back with it.
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

  useEffect(() => {
    if (!data.pending) return;
    let current = true;
    void data.pending.then((outcome) => {
      if (current) setView({ name: 'outcome', outcome });
    });
    return () => {
      current = false;
    };
  }, [data.pending]);

  // The draft as it stands now, without the finished request.
  const draft: BookingModalData = { ...data, note, pending: undefined };

  if (view.name === 'submitting') return <SubmittingView titleId={titleId} />;
  if (view.name === 'outcome' && view.outcome.status === 'success') {
    return <SuccessView titleId={titleId} outcome={view.outcome} onDone={closeModal} />;
  }
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
  return <ReviewView titleId={titleId} draft={draft} note={note} onNoteChange={setNote} onCancel={closeModal} />;
}

function ReviewView({
  titleId,
  draft,
  note,
  onNoteChange,
  onCancel,
}: {
  titleId: string;
  draft: BookingModalData;
  note: string;
  onNoteChange: (note: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const queryClient = useQueryClient();
  const balance = useBalance();
  const noteId = useId();
  const totals = bookingTotals(draft.slots);
  const cover = coverage(totals, balance.data);
  const refetchBalance = balance.refetch;

  // Back from paying a top-up in another tab: show the new balance.
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

  function confirm() {
    const packageName = t('customPackage', { name: draft.teacherName });
    openPaymentMethod(
      openModal,
      {
        context: 'booking',
        item: { name: packageName, nameAr: packageName, hours: totals.totalHours, price: filsToKwd(totals.totalFils) },
        selected: draft.method,
        onSelect: (method) => {
          const { attempt, pending } = startBooking({ draft, method, language, queryClient, t });
          openBooking(openModal, { ...draft, method, attempt, pending });
        },
      },
      // Cancelled or dismissed: back to the review with everything kept.
      { onClose: () => openBooking(openModal, draft) },
    );
  }

  function topUp(shortfallFils: number) {
    openTopUp(
      openModal,
      { requiredAmount: filsToKwd(shortfallFils), fromBooking: true },
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

      <section aria-labelledby={`${titleId}-slots`} className="flex flex-col gap-2">
        <h3 id={`${titleId}-slots`} className="text-sm font-semibold text-slate-700">
          {t('review.slots', { count: draft.slots.length, number: formatNumber(draft.slots.length, language) })}
        </h3>
        {/* Many slots scroll inside the list, keeping the total and the buttons in view. */}
        <ul className="-me-1 flex max-h-64 flex-col gap-2 overflow-y-auto pe-1" data-testid="booking-slots">
          {draft.slots.map((slot) => (
            <SlotRow key={slot.id} slot={slot} />
          ))}
        </ul>
      </section>

      <dl className="flex flex-col gap-2 rounded-xl bg-slate-50 p-4 text-sm" data-testid="booking-summary">
        <SummaryRow label={t('review.total')} strong>
          <span data-testid="booking-total">{formatKwd(filsToNumber(totals.totalFils), language)}</span>
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
      </dl>

      <CoverageNote cover={cover} hours={totals.totalHours} onTopUp={topUp} />

      <div className="flex flex-col gap-1.5">
        <label htmlFor={noteId} className="text-sm font-medium text-slate-700">
          {t('review.noteLabel')}
        </label>
        <textarea
          id={noteId}
          name="note"
          dir="auto"
          rows={3}
          value={note}
          maxLength={BOOKING.noteMaxLength}
          onChange={(event) => onNoteChange(event.target.value.slice(0, BOOKING.noteMaxLength))}
          placeholder={t('review.notePlaceholder')}
          className="block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0 focus:outline-primary"
        />
        <p className="text-end text-xs text-slate-500 tabular-nums">
          {t('ui.characterCount', {
            ns: 'common',
            count: formatNumber(note.length, language),
            max: formatNumber(BOOKING.noteMaxLength, language),
          })}
        </p>
      </div>

      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" onClick={onCancel}>
          {t('review.cancel')}
        </Button>
        <Button onClick={confirm}>
          <CalendarCheck aria-hidden="true" className="size-4" />
          {t('review.confirm')}
        </Button>
      </div>
    </div>
  );
}

function SlotRow({ slot }: { slot: BookingSlot }) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const fils = kwdToFils(slot.price);
  return (
    <li
      className="flex shrink-0 items-center gap-3 rounded-xl border border-slate-200 px-3 py-2"
      data-testid="booking-slot"
    >
      <Clock aria-hidden="true" className="size-4 shrink-0 text-slate-500" />
      <div className="flex min-w-0 flex-1 flex-col">
        <span className="font-semibold text-slate-900">{slot.timeRange}</span>
        <span className="text-sm text-slate-600">{slot.date}</span>
      </div>
      <span className={cx('shrink-0 text-sm font-semibold', fils === null ? 'text-amber-700' : 'text-slate-800')}>
        {fils === null ? t('review.priceUnavailable') : formatKwd(filsToNumber(fils), language)}
      </span>
    </li>
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

function CoverageNote({
  cover,
  hours,
  onTopUp,
}: {
  cover: Coverage;
  hours: number;
  onTopUp: (shortfallFils: number) => void;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  if (cover.kind === 'subscription') {
    return (
      <Alert variant="success">{t('review.coveredBySubscription', { hours: formatHours(hours, language, t) })}</Alert>
    );
  }
  if (cover.kind !== 'insufficient') return null;
  return (
    <div
      className="flex flex-col gap-3 rounded-lg border border-amber-200 bg-amber-50 p-3 text-sm text-amber-900"
      data-testid="booking-insufficient"
    >
      <p className="flex items-start gap-2">
        <Wallet aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
        <span>
          {t('review.insufficient', { amount: formatKwd(filsToNumber(cover.shortfallFils), language) ?? '' })}
        </span>
      </p>
      <Button variant="primary" size="sm" className="self-start" onClick={() => onTopUp(cover.shortfallFils)}>
        {t('review.topUp')}
      </Button>
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

function SuccessView({
  titleId,
  outcome,
  onDone,
}: {
  titleId: string;
  outcome: Extract<BookingOutcome, { status: 'success' }>;
  onDone: () => void;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const { response } = outcome;
  const link = response.paymentLink;
  const hold = response.holdExpiresAt ? new Date(response.holdExpiresAt) : null;
  const holdText =
    hold && !Number.isNaN(hold.getTime())
      ? new Intl.DateTimeFormat(INTL_LOCALES[language], { timeStyle: 'short' }).format(hold)
      : null;
  return (
    <div className="flex flex-col items-center gap-4 py-4 text-center" data-testid="booking-success">
      <span
        aria-hidden="true"
        className="flex size-14 items-center justify-center rounded-full bg-emerald-50 text-emerald-700"
      >
        <CircleCheck className="size-8" />
      </span>
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {link ? t('success.pendingTitle') : t('success.title')}
      </h2>
      {link ? (
        <>
          <p className="max-w-md text-slate-600">
            {outcome.paymentPageOpened ? t('success.pendingBody') : t('success.pendingBlocked')}
          </p>
          {holdText ? <p className="text-sm text-slate-600">{t('success.heldUntil', { time: holdText })}</p> : null}
          <a
            href={link}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses({ variant: outcome.paymentPageOpened ? 'outline' : 'primary' })}
          >
            <ExternalLink aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            {t('success.openPaymentPage')}
          </a>
        </>
      ) : (
        <>
          <p className="max-w-md text-slate-600">{t('success.body')}</p>
          <p className="text-sm text-slate-600" data-testid="booking-paid-with">
            {response.paidWith === 'subscription'
              ? t('success.paidWithSubscription', { hours: formatHours(response.remainingHours, language, t) })
              : t('success.paidWithWallet', { balance: formatKwd(response.balance, language) ?? '' })}
          </p>
        </>
      )}
      <div className="flex w-full flex-col-reverse gap-2 pt-2 sm:flex-row sm:justify-center">
        <Link
          to={localePath(language, '/reservations')}
          onClick={onDone}
          className={buttonClasses({ variant: 'ghost' })}
        >
          {t('success.reservations')}
        </Link>
        <Button onClick={onDone}>{t('success.ok')}</Button>
      </div>
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
  const balance = useBalance();
  const cover = coverage(bookingTotals(draft.slots), balance.data);
  const shortfall = cover.kind === 'insufficient' ? cover.shortfallFils : null;
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
      {outcome.code === 'insufficientBalance' && shortfall !== null ? (
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
        <Button onClick={onRetry}>{t('failure.retry')}</Button>
      </div>
    </div>
  );
}
