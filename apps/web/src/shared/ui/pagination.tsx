import type { Language } from '@ustaz/contract/constants';
import { formatNumber } from '../lib/format.ts';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';
import { ChevronLeft, ChevronRight } from './icons.tsx';

export type PaginationLabels = {
  /** The previous button's name. */
  previous: string;
  /** The next button's name. */
  next: string;
  /** The "page X of Y" text between the buttons, from the two numbers in the viewer's digits. */
  status: (numbers: { page: string; totalPages: string }) => string;
  /** The navigation landmark's name. */
  nav?: string;
};

export type PaginationProps = {
  page: number;
  totalPages: number;
  onPageChange: (page: number) => void;
  /** Already translated by the caller, so this component needs no namespace. */
  labels: PaginationLabels;
  /** The language the page numbers are written in. */
  language: Language;
  /** Icon-only, smaller buttons (the labels then name them for assistive technology). */
  compact?: boolean;
  className?: string;
};

/**
 * Previous and next within 1..totalPages, with "page x of y" between them; the buttons are
 * disabled at the ends and the chevrons flip in right-to-left. Nothing is shown for one page.
 */
export function Pagination({
  page,
  totalPages,
  onPageChange,
  labels,
  language,
  compact = false,
  className,
}: PaginationProps) {
  if (totalPages <= 1) return null;
  const size = compact ? 'sm' : 'md';
  return (
    <nav aria-label={labels.nav} className={cx('flex items-center justify-center gap-3', className)}>
      <Button
        variant="outline"
        size={size}
        onClick={() => onPageChange(page - 1)}
        disabled={page <= 1}
        aria-label={compact ? labels.previous : undefined}
      >
        <ChevronLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
        {compact ? null : labels.previous}
      </Button>
      <span className="text-sm text-slate-700 tabular-nums" aria-live="polite">
        {labels.status({ page: formatNumber(page, language), totalPages: formatNumber(totalPages, language) })}
      </span>
      <Button
        variant="outline"
        size={size}
        onClick={() => onPageChange(page + 1)}
        disabled={page >= totalPages}
        aria-label={compact ? labels.next : undefined}
      >
        {compact ? null : labels.next}
        <ChevronRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      </Button>
    </nav>
  );
}
