import type { AdminOverview, OverviewPeriodFigures } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatDate } from '../../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber, formatPercent } from '../../../shared/lib/format.ts';
import { cx } from '../../../shared/ui/class-names.ts';
import { OverviewLists } from './overview-lists.tsx';

export type OverviewRange = { from?: string | undefined; to?: string | undefined };

type FigureKey = keyof OverviewPeriodFigures;
type Figure = { key: Exclude<FigureKey, 'lessonsDue'>; kind: 'count' | 'money' | 'rate'; to: string };

/** The range's figures, each with the list behind it (below /{lang}/admin; the lists read days as UTC days). */
const FIGURES: Figure[] = [
  { key: 'bookings', kind: 'count', to: '/reservations' },
  { key: 'lessonsHeld', kind: 'count', to: '/reservations?status=completed' },
  { key: 'paidIn', kind: 'money', to: '/payments?status=paid' },
  { key: 'teacherEarnings', kind: 'money', to: '/ledger?kind=lesson_earning' },
  { key: 'newStudents', kind: 'count', to: '/users?roleId=3' },
  { key: 'newTeachers', kind: 'count', to: '/users?roleId=2' },
  { key: 'completionRate', kind: 'rate', to: '/reservations?status=completed' },
  { key: 'noShowRate', kind: 'rate', to: '/reservations?status=cancelled' },
  { key: 'cancellationRate', kind: 'rate', to: '/reservations?status=cancelled' },
];

const PRESETS = [7, 30, 90] as const;
const DAY_MS = 24 * 3600_000;

/** Today in Kuwait (UTC+3 all year), and the day `days - 1` before it: a preset's range. */
export function presetRange(days: number, now = Date.now()): { from: string; to: string } {
  const today = new Date(now + 3 * 3600_000);
  const from = new Date(today.getTime() - (days - 1) * DAY_MS);
  return { from: from.toISOString().slice(0, 10), to: today.toISOString().slice(0, 10) };
}

/** The range's part of the overview: the period chooser, the figures against the period before, the days, the lists. */
export function OverviewPeriod({ data, onRange }: { data: AdminOverview; onRange: (range: OverviewRange) => void }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { period } = data;
  const day = (value: string) => formatDate(`${value}T12:00:00Z`, language, 'UTC');
  const listRange = `from=${period.from}&to=${period.to}`;

  return (
    <section aria-labelledby="overview-period-title" className="mt-8 flex flex-col gap-6" data-testid="overview-period">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h2 id="overview-period-title" className="text-lg font-bold text-slate-900">
            {t('overview.period.title')}
          </h2>
          <p className="text-sm text-slate-600" data-testid="overview-period-summary">
            {t('overview.period.summary', {
              from: day(period.from),
              to: day(period.to),
              previousFrom: day(period.previousFrom),
              previousTo: day(period.previousTo),
            })}
          </p>
        </div>
        <PeriodChooser days={period.days} from={period.from} to={period.to} onRange={onRange} />
      </div>

      <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="overview-figures">
        {FIGURES.map((figure) => (
          <li key={figure.key}>
            <FigureCard
              figure={figure}
              current={data.current}
              previous={data.previous}
              href={localePath(language, `/admin${figure.to}${figure.to.includes('?') ? '&' : '?'}${listRange}`)}
            />
          </li>
        ))}
      </ul>

      <DailyTable daily={data.daily} day={day} />
      <OverviewLists data={data} day={day} />
    </section>
  );
}

function PeriodChooser({
  days,
  from,
  to,
  onRange,
}: {
  days: number;
  from: string;
  to: string;
  onRange: (range: OverviewRange) => void;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const preset = (n: number) => presetRange(n);
  return (
    <div className="flex flex-wrap items-end gap-3">
      <fieldset className="flex gap-1" aria-label={t('overview.period.presets')}>
        {PRESETS.map((n) => {
          const pressed = days === n && preset(n).to === to;
          return (
            <button
              key={n}
              type="button"
              aria-pressed={pressed}
              onClick={() => onRange(preset(n))}
              className={cx(
                'rounded-lg border px-3 py-2 text-sm font-medium',
                pressed ? 'border-primary bg-primary text-white' : 'border-slate-300 bg-white text-slate-700',
              )}
            >
              {t('overview.period.last', { days: formatNumber(n, language) })}
            </button>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap items-end gap-2" data-testid="overview-custom-range">
        {(['from', 'to'] as const).map((field) => (
          <label key={field} className="flex flex-col text-xs text-slate-600">
            {t(`overview.period.${field}`)}
            <input
              type="date"
              value={field === 'from' ? from : to}
              max={field === 'from' ? to : undefined}
              min={field === 'to' ? from : undefined}
              onChange={(event) => {
                // A whole day picked (not one being typed): the range is asked for at once.
                const value = event.target.value;
                if (/^\d{4}-\d{2}-\d{2}$/.test(value)) onRange({ from, to, [field]: value });
              }}
              className="rounded-lg border border-slate-300 px-2 py-1.5 text-sm text-slate-900"
            />
          </label>
        ))}
      </div>
    </div>
  );
}

function FigureCard({
  figure,
  current,
  previous,
  href,
}: {
  figure: Figure;
  current: OverviewPeriodFigures;
  previous: OverviewPeriodFigures;
  href: string;
}) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const show = (value: OverviewPeriodFigures[FigureKey]): string => {
    if (value === null) return t('overview.period.noRate');
    if (figure.kind === 'money') return formatKwd(value, language) ?? String(value);
    if (figure.kind === 'rate') return formatPercent(Number(value), language);
    return formatNumber(Number(value), language);
  };
  const now = current[figure.key];
  const before = previous[figure.key];
  let change: string | null = null;
  if (now !== null && before !== null && figure.kind !== 'rate' && Number(before) > 0) {
    const share = (Number(now) - Number(before)) / Number(before);
    change =
      share === 0
        ? t('overview.period.noChange')
        : t('overview.period.change', {
            change: formatPercent(share, language, { signed: true }),
          });
  }
  return (
    <Link
      to={href}
      data-testid={`figure-${figure.key}`}
      className="flex h-full flex-col rounded-xl border border-slate-200 bg-white p-4 hover:border-primary focus-visible:outline-2 focus-visible:outline-primary"
    >
      <span className="text-sm font-semibold text-slate-700">{t(`overview.period.figures.${figure.key}`)}</span>
      <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="figure-value">
        {show(now)}
      </span>
      <span className="text-xs text-slate-500">{t('overview.period.previous', { value: show(before) })}</span>
      {change ? <span className="text-xs text-slate-600">{change}</span> : null}
    </Link>
  );
}

/** The days of the range as a table: what a chart would draw, readable by anyone and by a screen reader. */
function DailyTable({ daily, day }: { daily: AdminOverview['daily']; day: (value: string) => string }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const columns = ['bookings', 'lessonsHeld', 'paidIn', 'teacherEarnings'] as const;
  return (
    <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
      <table className="w-full text-sm" data-testid="overview-daily">
        <caption className="px-4 py-3 text-start text-base font-bold text-slate-900">
          {t('overview.period.daily.title')}
        </caption>
        <thead className="bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-4 py-2 text-start font-semibold">
              {t('overview.period.daily.day')}
            </th>
            {columns.map((column) => (
              <th key={column} scope="col" className="px-4 py-2 text-end font-semibold">
                {t(`overview.period.daily.${column}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {[...daily].reverse().map((row) => (
            <tr key={row.day} className="border-t border-slate-100">
              <th scope="row" className="px-4 py-2 text-start font-normal whitespace-nowrap text-slate-700">
                {day(row.day)}
              </th>
              {columns.map((column) => (
                <td key={column} className="px-4 py-2 text-end whitespace-nowrap text-slate-900 tabular-nums">
                  {column === 'paidIn' || column === 'teacherEarnings'
                    ? formatKwd(row[column], language)
                    : formatNumber(row[column], language)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
