import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';

/**
 * A count beside an entry of the admin navigation (applications waiting, disputes open): the
 * number in the viewer's digits, `label` for screen readers; nothing when the count is 0.
 */
export function NavCountBadge({ count, label, testId }: { count: number; label: string; testId: string }) {
  const language = useCurrentLanguage();
  if (count === 0) return null;
  return (
    // relative: the sr-only text is positioned, and must not widen the page past the nav's scroller.
    <span
      className="relative ms-auto rounded-full bg-red-600 px-2 py-0.5 text-xs font-bold text-white"
      data-testid={testId}
    >
      <span aria-hidden="true">{formatNumber(count, language)}</span>
      <span className="sr-only">{label}</span>
    </span>
  );
}
