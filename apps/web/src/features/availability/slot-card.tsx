import type { OwnSlot } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { translate } from '../../shared/i18n/translate.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { dayKeyInZone, formatDay } from '../../shared/lib/dates/calendar.ts';
import { formatTimeRange } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { TrialBadge } from '../../shared/teachers/trial-lesson.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarX2, Lock, Pencil, Repeat, Trash2, User } from '../../shared/ui/icons.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { notify } from '../../shared/ui/toast.tsx';
import { deleteOwnSlot } from './api/own-slots.ts';
import { removeSeries } from './api/recurring-slots.ts';
import { slotErrorKeys } from './slot-form.tsx';

const STATUS_CLASSES: Record<OwnSlot['status'], string> = {
  open: 'bg-emerald-50 text-emerald-800 ring-emerald-200',
  held: 'bg-amber-50 text-amber-800 ring-amber-200',
  booked: 'bg-sky-50 text-sky-800 ring-sky-200',
};
/** The card's leading edge: the status at a glance in a narrow day column. */
const STATUS_EDGES: Record<OwnSlot['status'], string> = {
  open: 'border-s-emerald-400',
  held: 'border-s-amber-400',
  booked: 'border-s-sky-400',
};

const BADGE =
  'inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ring-1 ring-inset md:px-1.5 md:text-[11px]';

/** An icon button of a slot card: 36 px in the day list, 24 px in a day column of the week grid. */
function IconAction({
  label,
  danger = false,
  onClick,
  children,
}: {
  label: string;
  danger?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      aria-label={label}
      title={label}
      className={cx(
        'inline-flex size-9 items-center justify-center rounded-md focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-primary md:size-6',
        danger ? 'text-red-700 hover:bg-red-50' : 'text-slate-600 hover:bg-slate-100',
      )}
    >
      {children}
    </button>
  );
}

/** One slot of the week: its time, price, student and status; an open, future slot can be edited or deleted. */
export function SlotCard({
  slot,
  timeZone,
  started,
  selected,
  onEdit,
  onDeleted,
}: {
  slot: OwnSlot;
  timeZone: string;
  /** A slot that already started is history: no edits. */
  started: boolean;
  /** Its edit form is open. */
  selected: boolean;
  onEdit: () => void;
  onDeleted: () => void;
}) {
  const { t } = useTranslation('availability');
  const language = useCurrentLanguage();
  const { openModal } = useModal();
  const time = formatTimeRange(slot.startTime, slot.endTime, language, timeZone);
  const editable = slot.status === 'open' && !started;
  const date = formatDay(dayKeyInZone(slot.startTime, timeZone) ?? '', language, {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
  });

  /** Asks first, then runs `action`; a failure is reported, and the list reloads either way. */
  function confirmThen(texts: 'delete' | 'series', action: () => Promise<string>) {
    openModal(MODAL_KINDS.CONFIRMATION_MODAL, {
      title: t(`${texts}.title`),
      message: t(`${texts}.message`, { date, time }),
      confirmText: t(`${texts}.confirm`),
      cancelText: t(`${texts}.keep`),
      variant: 'destructive',
      onConfirm: async () => {
        try {
          void notify.success(await action());
        } catch (error) {
          const keys = slotErrorKeys(error);
          void notify.error(translate(t, keys.general ?? 'common:errors.generic'));
          if (keys.transient) throw error;
        }
        onDeleted();
      },
    });
  }

  const deleteSlot = () =>
    confirmThen('delete', async () => {
      await deleteOwnSlot(slot.id);
      return t('deleted');
    });
  const seriesId = slot.seriesId;
  const removeWholeSeries = seriesId
    ? () =>
        confirmThen('series', async () => {
          const { removed } = await removeSeries(seriesId);
          return t('series.removed', { count: removed, removed: formatNumber(removed, language) });
        })
    : null;

  return (
    <div
      className={cx(
        'flex flex-wrap items-center justify-between gap-x-3 gap-y-1.5 rounded-lg border border-s-4 px-3 py-2 md:flex-col md:flex-nowrap md:items-stretch md:gap-1 md:px-1.5 md:py-1.5',
        STATUS_EDGES[slot.status],
        slot.status === 'open' ? 'bg-white' : 'bg-slate-50',
        selected ? 'border-primary ring-2 ring-primary/30' : 'border-slate-200',
      )}
      data-testid="own-slot"
      data-status={slot.status}
      data-series={seriesId ?? undefined}
    >
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900 md:text-xs">{time}</p>
        <p className="text-sm text-slate-600 md:text-xs">{formatKwd(slot.price, language) ?? t('priceUnavailable')}</p>
        {slot.studentName ? (
          <p className="flex min-w-0 items-center gap-1 text-sm text-slate-700 md:text-xs">
            <User aria-hidden="true" className="size-3.5 shrink-0" />
            <bdi className="truncate" title={slot.studentName}>
              {slot.studentName}
            </bdi>
          </p>
        ) : null}
      </div>
      <div className="flex flex-wrap items-center gap-1">
        <span className={cx(BADGE, STATUS_CLASSES[slot.status])}>
          {slot.status === 'open' ? null : <Lock aria-hidden="true" className="size-3 shrink-0" />}
          {t(`status.${slot.status}`)}
        </span>
        {slot.kind === 'trial' ? <TrialBadge /> : null}
        {seriesId ? (
          <span className={cx(BADGE, 'bg-violet-50 text-violet-800 ring-violet-200')} data-testid="series-badge">
            <Repeat aria-hidden="true" className="size-3 shrink-0" />
            {t('series.badge')}
          </span>
        ) : null}
        {editable ? (
          <span className="flex items-center">
            <IconAction label={t('editSlot', { time })} onClick={onEdit}>
              <Pencil aria-hidden="true" className="size-4 md:size-3.5" />
            </IconAction>
            <IconAction label={t('deleteSlot', { time })} danger onClick={deleteSlot}>
              <Trash2 aria-hidden="true" className="size-4 md:size-3.5" />
            </IconAction>
            {removeWholeSeries ? (
              <IconAction label={t('series.button')} danger onClick={removeWholeSeries}>
                <CalendarX2 aria-hidden="true" className="size-4 md:size-3.5" />
              </IconAction>
            ) : null}
          </span>
        ) : null}
      </div>
    </div>
  );
}
