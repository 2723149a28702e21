import { RELIABILITY_REPLY_DAYS, type TeacherReliability as Reliability } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber, formatPercent, formatUnit } from '../../shared/lib/format.ts';
import { Info } from '../../shared/ui/icons.tsx';

const FIGURES = ['lessonsTaught', 'attendanceRate', 'medianFirstReplyMinutes', 'repeatStudentShare'] as const;
type FigureName = (typeof FIGURES)[number];

/** "12 min" / "3 hr" / "2 days" in the viewer's digits and words; an hour and more in whole hours. */
function formatReplyTime(minutes: number, language: Language): string {
  const [value, unit] =
    minutes < 60
      ? [Math.max(1, minutes), 'minute']
      : minutes < 48 * 60
        ? [minutes / 60, 'hour']
        : [minutes / 1440, 'day'];
  return formatUnit(value, language, { unit, display: 'long', maxDecimals: 0 });
}

/**
 * The teacher's reliability figures (issue 16): lessons taught, attendance, median first reply in
 * chat and repeat students, from what happened (the server sends them from 5 lessons taught on).
 * Each figure has an info button that shows what it counts below the row (a disclosure: one open
 * at a time, the button says whether it is open and which text it controls).
 */
export function TeacherReliability({ reliability }: { reliability: Reliability }) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const [open, setOpen] = useState<FigureName | null>(null);
  const baseId = useId();
  const titleId = `${baseId}-title`;
  const values: Record<FigureName, string> = {
    lessonsTaught: formatNumber(reliability.lessonsTaught, language),
    attendanceRate: formatPercent(reliability.attendanceRate, language),
    medianFirstReplyMinutes:
      reliability.medianFirstReplyMinutes === null
        ? t('reliability.noReplies')
        : formatReplyTime(reliability.medianFirstReplyMinutes, language),
    repeatStudentShare: formatPercent(reliability.repeatStudentShare, language),
  };

  return (
    <section
      aria-labelledby={titleId}
      data-testid="teacher-reliability"
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
    >
      <h2 id={titleId} className="text-lg font-bold text-slate-900">
        {t('reliability.title')}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{t('reliability.intro')}</p>
      <dl className="mt-4 grid grid-cols-2 gap-3 lg:grid-cols-4">
        {FIGURES.map((figure) => {
          const explanationId = `${baseId}-${figure}`;
          const expanded = open === figure;
          return (
            <div key={figure} className="flex min-h-16 flex-col gap-1 rounded-xl bg-slate-50 p-3">
              <dt className="flex items-start justify-between gap-1 text-xs text-slate-600">
                <span className="pt-1.5">{t(`reliability.${figure}.label`)}</span>
                <button
                  type="button"
                  aria-expanded={expanded}
                  aria-controls={explanationId}
                  aria-label={t('reliability.explain', { figure: t(`reliability.${figure}.label`) })}
                  onClick={() => setOpen(expanded ? null : figure)}
                  className={`-me-1.5 -mt-1 flex size-8 shrink-0 items-center justify-center rounded-full hover:bg-white hover:text-primary focus-visible:outline-2 focus-visible:outline-primary ${expanded ? 'bg-white text-primary' : 'text-slate-500'}`}
                >
                  <Info aria-hidden="true" className="size-4" />
                </button>
              </dt>
              <dd className="text-lg font-bold text-slate-900">{values[figure]}</dd>
            </div>
          );
        })}
      </dl>
      {FIGURES.map((figure) => (
        <p
          key={figure}
          id={`${baseId}-${figure}`}
          hidden={open !== figure}
          className="mt-3 rounded-xl border-s-4 border-primary bg-primary/5 px-3 py-2 text-sm leading-6 text-slate-700"
        >
          <strong className="block font-semibold text-slate-900">{t(`reliability.${figure}.label`)}</strong>
          {t(`reliability.${figure}.explanation`, { days: formatNumber(RELIABILITY_REPLY_DAYS, language) })}
        </p>
      ))}
    </section>
  );
}
