import type { Reservation } from '@ustaz/contract';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatTimeRange, formatWeekdayDate, viewerTimeZone } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CircleCheck, Flag, Hourglass, type LucideIcon, UserX } from '../../shared/ui/icons.tsx';
import { type LessonProblemState, lessonProblemState } from './lesson-problem.ts';
import { ReportProblemDialog } from './report-problem-dialog.tsx';

/** Which side of the lesson the signed-in user is on. */
type Viewer = 'student' | 'teacher';

function Line({ tone, icon, children }: { tone: Tone; icon: ReactNode; children: ReactNode }) {
  return (
    <p
      className={cx(
        'flex items-start gap-2 rounded-xl px-3 py-2 text-sm font-semibold',
        tone === 'success' && 'bg-emerald-50 text-emerald-800',
        tone === 'warning' && 'bg-amber-50 text-amber-900',
        tone === 'info' && 'bg-sky-50 text-sky-900',
      )}
      data-testid="lesson-problem-status"
    >
      <span aria-hidden="true" className="mt-0.5 shrink-0">
        {icon}
      </span>
      <span className="min-w-0">{children}</span>
    </p>
  );
}

type Tone = 'info' | 'success' | 'warning';

/** What the card says in each state once there is nothing to report any more. */
const STATUS_LINES = {
  noShow: { tone: 'info', Icon: UserX, key: 'problem.noShow' },
  open: { tone: 'warning', Icon: Hourglass, key: 'problem.underReview' },
  refunded: { tone: 'success', Icon: CircleCheck, key: 'problem.refunded' },
  released: { tone: 'success', Icon: CircleCheck, key: 'problem.released' },
} as const satisfies Record<
  Exclude<LessonProblemState, 'canReport' | null>,
  { tone: Tone; Icon: LucideIcon; key: string }
>;

/**
 * A lesson's problem line (issue 16), on the reservation card and the schedule's lesson: "Report a
 * problem" from the start until 24 h after the end while none was reported; then the report's state
 * (under review, refunded, released); and a lesson the teacher missed, refunded in full.
 */
export function LessonProblemLine({
  reservation,
  viewer,
  now,
  timeZone,
}: {
  reservation: Reservation;
  viewer: Viewer;
  now?: Date;
  timeZone?: string;
}) {
  const { t } = useTranslation('reservations');
  const language = useCurrentLanguage();
  const [open, setOpen] = useState(false);
  const state = lessonProblemState(reservation, now ?? new Date());
  const zone = timeZone ?? viewerTimeZone();
  const other = viewer === 'student' ? reservation.teacher : reservation.student;
  const lesson = t('problem.lesson', {
    name: `${other.firstName} ${other.lastName}`.trim(),
    date: formatWeekdayDate(reservation.startTime, language, zone),
    time: formatTimeRange(reservation.startTime, reservation.endTime, language, zone),
  });
  // The dialog stays while open: after sending, the list is read again and the card turns to
  // "under review" beneath it, while the dialog still says the report was received.
  const dialog = open ? (
    <ReportProblemDialog reservationId={reservation.id} lesson={lesson} onClose={() => setOpen(false)} />
  ) : null;
  if (state === null) return dialog;
  if (state !== 'canReport') {
    const { tone, Icon, key } = STATUS_LINES[state];
    // The amount, when the reservation's dispute summary carries it (the contract's { id, status } does not yet).
    const refundAmount = (reservation.dispute as { refundAmount?: string | null } | null)?.refundAmount ?? null;
    return (
      <>
        <Line tone={tone} icon={<Icon className="size-4" />}>
          {state === 'refunded' && refundAmount
            ? t('problem.refundedAmount', { amount: formatKwd(refundAmount, language) ?? refundAmount })
            : t(key)}
        </Line>
        {dialog}
      </>
    );
  }
  return (
    <>
      <Button
        variant="ghost"
        size="sm"
        className="self-start text-amber-800 hover:bg-amber-50"
        onClick={() => setOpen(true)}
        data-testid="report-problem"
      >
        <Flag aria-hidden="true" className="size-4 shrink-0" />
        {/* Wraps in the schedule's narrow week cell instead of overflowing it. */}
        <span className="whitespace-normal text-start">{t('problem.action')}</span>
      </Button>
      {dialog}
    </>
  );
}
