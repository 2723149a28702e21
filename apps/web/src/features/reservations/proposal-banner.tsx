import type { Reservation } from '@ustaz/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLessonRange } from '../../shared/lib/dates/formats.ts';
import { Button } from '../../shared/ui/button.tsx';
import { CalendarClock, ShieldCheck } from '../../shared/ui/icons.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { acceptProposal, declineProposal } from './api/reschedule.ts';
import { RescheduleFailure, useRescheduleFailure, useRescheduleRefresh } from './reschedule-failure.tsx';
import { PriceDifference } from './reschedule-slots.tsx';

/**
 * The student's answer to the teacher's open proposal of a new time (issue 32): the proposed time in
 * the student's zone, the teacher's note, the price difference, Accept and Decline.
 */
export function ProposalBanner({ reservation, timeZone }: { reservation: Reservation; timeZone: string }) {
  const { t } = useTranslation('reschedule');
  const language = useCurrentLanguage();
  const [pending, setPending] = useState<'accept' | 'decline' | null>(null);
  const [failure, setFailure] = useState<{ text: string; code: string | null } | null>(null);
  const describeFailure = useRescheduleFailure();
  const refresh = useRescheduleRefresh();
  const proposal = reservation.proposal;
  if (proposal?.status !== 'open' || reservation.status !== 'confirmed') return null;
  const time = formatLessonRange(proposal.startTime, proposal.endTime, language, timeZone);
  const proposalId = proposal.id;
  const price = proposal.price;

  async function answer(choice: 'accept' | 'decline') {
    setPending(choice);
    setFailure(null);
    try {
      if (choice === 'accept') {
        const done = await acceptProposal(proposalId, price);
        const at = formatLessonRange(done.reservation.startTime, done.reservation.endTime, language, timeZone);
        void notify.success(t('proposal.accepted', { time: at }));
      } else {
        await declineProposal(proposalId);
        void notify.success(t('proposal.declined'));
      }
      refresh();
    } catch (error) {
      const described = describeFailure(error);
      setFailure(described);
      if (
        described.code === 'proposalClosed' ||
        described.code === 'slotUnavailable' ||
        described.code === 'priceChanged'
      ) {
        refresh();
      }
    } finally {
      setPending(null);
    }
  }

  return (
    <section
      className="flex flex-col gap-3 rounded-xl border border-sky-200 bg-sky-50 p-3 sm:p-4"
      aria-label={t('proposal.title')}
      data-testid="proposal-banner"
    >
      <h4 className="flex items-center gap-2 text-sm font-bold text-sky-900">
        <CalendarClock aria-hidden="true" className="size-4 shrink-0" />
        {t('proposal.title')}
      </h4>
      <p className="text-sm font-semibold text-slate-900" data-testid="proposal-time">
        {t('proposal.time', { time })}
      </p>
      {proposal.note.trim() ? (
        <p className="text-sm text-slate-700 wrap-anywhere">
          <span className="font-semibold">{t('proposal.note')} </span>
          <span dir="auto">{proposal.note}</span>
        </p>
      ) : null}
      <PriceDifference lessonPrice={reservation.price} newPrice={proposal.price} />
      {failure ? <RescheduleFailure failure={failure} /> : null}
      <div className="flex flex-col gap-2 sm:flex-row sm:justify-end">
        <Button variant="outline" size="md" disabled={pending !== null} onClick={() => void answer('decline')}>
          {t('proposal.decline')}
        </Button>
        <Button size="md" disabled={pending !== null} onClick={() => void answer('accept')}>
          {t('proposal.accept')}
        </Button>
      </div>
    </section>
  );
}

/** After the student declined the teacher's proposal: a full refund on cancelling, whatever the time. */
export function FreeCancelLine() {
  const { t } = useTranslation('reschedule');
  return (
    <p className="flex items-start gap-2 text-sm text-emerald-800" data-testid="free-cancel">
      <ShieldCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{t('proposal.freeCancel')}</span>
    </p>
  );
}

/** The Cancel button's text once the student declined a proposal: a full refund whatever the time. */
export function FreeCancelButtonText() {
  const { t } = useTranslation('reschedule');
  return <>{t('proposal.cancelFull')}</>;
}
