import type { TimeSlot } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { isolate } from '../../shared/lib/bidi.ts';
import { timeZoneLongName } from '../../shared/lib/dates/formats.ts';
import { useHydrated } from '../../shared/ssr/use-hydrated.ts';
import { useAvailableSlots } from '../../shared/teachers/available-slots-api.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { CalendarX2, Globe } from '../../shared/ui/icons.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { SlotPicker } from './slot-picker.tsx';
import { TeacherSection } from './teacher-section.tsx';

/**
 * The "Available times" section of the teacher page: loading, error with retry, empty, or the picker.
 * The times are the viewer's, in their zone, which only the browser knows: a server-rendered page
 * (ADR 021) shows the loading placeholder until it is hydrated, then loads them.
 */
export function AvailableSlots(props: { teacherId: number; timeZone: string; onBook: (slots: TimeSlot[]) => void }) {
  const { t } = useTranslation('teacher');
  if (!useHydrated()) {
    return (
      <TeacherSection titleId="teacher-slots-title" title={t('slots.title')}>
        <SlotsLoading />
      </TeacherSection>
    );
  }
  return <ViewerSlots {...props} />;
}

function SlotsLoading() {
  const { t } = useTranslation('teacher');
  return (
    <div className="flex flex-col gap-3" aria-busy="true" data-testid="slots-loading">
      <span className="sr-only">{t('slots.loading')}</span>
      <div className="grid grid-cols-7 gap-2">
        {Array.from({ length: 7 }, (_, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
          <div key={index} className="h-16 animate-pulse rounded-xl bg-slate-100" />
        ))}
      </div>
      <div className="h-14 animate-pulse rounded-xl bg-slate-100" />
      <div className="h-14 animate-pulse rounded-xl bg-slate-100" />
    </div>
  );
}

function ViewerSlots({
  teacherId,
  timeZone,
  onBook,
}: {
  teacherId: number;
  timeZone: string;
  onBook: (slots: TimeSlot[]) => void;
}) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const query = useAvailableSlots(teacherId);
  return (
    <TeacherSection
      titleId="teacher-slots-title"
      title={t('slots.title')}
      aside={
        <p className="inline-flex items-center gap-1.5 text-xs text-slate-500" title={timeZone}>
          <Globe aria-hidden="true" className="size-3.5" />
          {t('slots.timeZone', { zone: isolate(timeZoneLongName(timeZone, language)) })}
        </p>
      }
    >
      <QueryStates
        query={query}
        loading={<SlotsLoading />}
        error={({ onRetry }) => (
          <Alert title={t('slots.errorTitle')}>
            <p>{t('slots.errorBody')}</p>
            <Button variant="outline" size="sm" className="mt-2" onClick={onRetry}>
              {t('retry', { ns: 'common' })}
            </Button>
          </Alert>
        )}
        isEmpty={(slots) => slots.length === 0}
        empty={
          <div className="flex flex-col items-center gap-3 py-8 text-center" data-testid="slots-empty">
            <CalendarX2 aria-hidden="true" className="size-10 text-slate-400" />
            <p className="max-w-md text-slate-600">{t('slots.empty')}</p>
          </div>
        }
      >
        {(slots) => <SlotPicker slots={slots} timeZone={timeZone} onBook={onBook} teacherId={teacherId} />}
      </QueryStates>
    </TeacherSection>
  );
}
