import type { BookingQuoteResponse } from '@ustaz/contract';
import { TRIAL_MINUTES } from '@ustaz/contract/constants';
import { filsToNumber, readKwdFils } from '@ustaz/contract/kwd';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLessonMoment } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import type { BookingSlot } from '../../shared/money/money-modals.ts';
import { TrialBadge } from '../../shared/teachers/trial-lesson.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { Clock, Lock } from '../../shared/ui/icons.tsx';

type QuotedSlot = BookingQuoteResponse['slots'][number];

/** The review's chosen slots, each with its price and cancellation terms once quoted. */
export function ReviewSlots({
  titleId,
  slots,
  quoted,
}: {
  titleId: string;
  slots: BookingSlot[];
  quoted: BookingQuoteResponse | undefined;
}) {
  const { t } = useTranslation(['booking', 'payment']);
  const language = useCurrentLanguage();
  const quotedById = new Map((quoted?.slots ?? []).map((slot) => [slot.id, slot]));
  return (
    <section aria-labelledby={`${titleId}-slots`} className="flex flex-col gap-2">
      <h3 id={`${titleId}-slots`} className="text-sm font-semibold text-slate-700">
        {t('review.slots', { count: slots.length, number: formatNumber(slots.length, language) })}
      </h3>
      {/* Many slots scroll inside the list, keeping the total and the buttons in view. */}
      <ul className="-me-1 flex max-h-64 flex-col gap-2 overflow-y-auto pe-1" data-testid="booking-slots">
        {slots.map((slot) => (
          <SlotRow key={slot.id} slot={slot} quoted={quotedById.get(slot.id)} />
        ))}
      </ul>
    </section>
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
        {slot.kind === 'trial' ? <TrialNote /> : null}
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

/** A trial slot in the review: the badge and what a trial is (issue 32). */
function TrialNote() {
  const { t } = useTranslation();
  return (
    <span className="mt-1 flex flex-wrap items-center gap-2 text-xs text-emerald-800" data-testid="booking-trial-note">
      <TrialBadge />
      {t('trial.review', { minutes: TRIAL_MINUTES })}
    </span>
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
