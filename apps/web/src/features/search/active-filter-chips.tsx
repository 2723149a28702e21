import type { Language } from '@ustaz/contract/constants';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/lib/dates/formats.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { RemoveButton } from '../../shared/ui/remove-button.tsx';
import type { SearchPatch, SearchState } from './search-url.ts';

export type FilterChip = { key: string; label: string; patch: SearchPatch };

/** A YYYY-MM-DD day in the viewer's language (the day itself, whatever the time zone). */
export function formatDay(day: string, language: Language): string {
  const [year, month, date] = day.split('-').map(Number);
  if (!year || !month || !date) return day;
  return formatDate(new Date(Date.UTC(year, month - 1, date)), language, 'UTC');
}

/**
 * One removable chip per active filter (q excepted: it lives in the search box), each with the
 * patch that removes it. `subjectName` names a subject given by id when the results know it.
 */
export function filterChips(
  state: SearchState,
  { t, language, subjectName }: { t: TFunction<'search'>; language: Language; subjectName: string | null },
): FilterChip[] {
  const chips: FilterChip[] = [];
  if (state.subject) {
    const name = subjectName ?? (/^\d+$/.test(state.subject) ? t('chips.selectedSubject') : state.subject);
    chips.push({ key: 'subject', label: t('chips.subject', { value: name }), patch: { subject: '' } });
  }
  for (const custom of state.customSubjects) {
    chips.push({
      key: `custom:${custom}`,
      label: t('chips.subject', { value: custom }),
      patch: { customSubjects: state.customSubjects.filter((item) => item !== custom) },
    });
  }
  if (state.mostFamous) chips.push({ key: 'mostFamous', label: t('chips.mostFamous'), patch: { mostFamous: false } });
  if (state.mostBooked) chips.push({ key: 'mostBooked', label: t('chips.mostBooked'), patch: { mostBooked: false } });
  if (state.minExperience !== undefined) {
    chips.push({
      key: 'minExperience',
      label: t('chips.minExperience', { value: formatNumber(state.minExperience, language) }),
      patch: { minExperience: undefined },
    });
  }
  if (state.maxHourlyRate !== undefined) {
    chips.push({
      key: 'maxHourlyRate',
      label: t('chips.maxHourlyRate', { value: formatKwd(state.maxHourlyRate, language) }),
      patch: { maxHourlyRate: undefined },
    });
  }
  if (state.minRating !== undefined) {
    chips.push({
      key: 'minRating',
      label: t('chips.minRating', {
        count: state.minRating,
        value: formatNumber(state.minRating, language, Number.isInteger(state.minRating) ? 0 : 1),
      }),
      patch: { minRating: undefined },
    });
  }
  if (state.availableOn) {
    chips.push({
      key: 'availableOn',
      label: t('chips.availableOn', { value: formatDay(state.availableOn, language) }),
      patch: { availableOn: undefined },
    });
  }
  if (state.sortBy) {
    chips.push({
      key: 'sort',
      label: t('chips.sort', { field: t(`sort.${state.sortBy}`), order: t(`sort.${state.sortOrder ?? 'DESC'}`) }),
      patch: { sortBy: undefined, sortOrder: undefined },
    });
  }
  return chips;
}

export function ActiveFilterChips({
  chips,
  onRemove,
  onClearAll,
}: {
  chips: FilterChip[];
  onRemove: (chip: FilterChip) => void;
  onClearAll: () => void;
}) {
  const { t } = useTranslation('search');
  if (chips.length === 0) return null;
  return (
    <div className="flex flex-wrap items-center gap-2">
      <h2 className="sr-only">{t('page.activeFilters')}</h2>
      <ul className="flex flex-wrap gap-2">
        {chips.map((chip) => (
          <li
            key={chip.key}
            className="inline-flex items-center gap-1 rounded-full border border-primary/20 bg-primary/5 py-1 ps-3 pe-1 text-sm font-semibold text-primary"
            data-testid="filter-chip"
          >
            <span dir="auto">{chip.label}</span>
            <RemoveButton label={t('page.removeFilter', { label: chip.label })} onClick={() => onRemove(chip)} />
          </li>
        ))}
      </ul>
      <button
        type="button"
        onClick={onClearAll}
        className="min-h-9 rounded-lg px-2 text-sm font-semibold text-slate-600 underline-offset-2 hover:text-primary hover:underline focus-visible:outline-2 focus-visible:outline-primary"
      >
        {t('page.clearAll')}
      </button>
    </div>
  );
}
