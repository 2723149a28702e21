import { type ComponentProps, isValidElement, type ReactNode } from 'react';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { clampPage } from '../lib/paging.ts';
import type { LucideIcon } from './icons.tsx';
import type { LoadingPlaceholders } from './loading-placeholders.tsx';
import { Pagination, type PaginationLabels } from './pagination.tsx';
import { QueryStates, type QueryStatesProps } from './query-states.tsx';
import { EmptyCard } from './state-card.tsx';

/** One page of a paged list, as the server answers it. */
type ListPage = { data: readonly unknown[]; totalPages: number };

/** The page a list shows and how its pager moves it; `compact` gives the small icon-only pager. */
export type Pager = {
  page: number;
  onPageChange: (page: number) => void;
  labels: PaginationLabels;
  compact?: boolean;
};

/** The 1, 2 or 3 column grid of the card lists (teachers, packages) and of their placeholders. */
export const CARD_GRID = 'grid grid-cols-1 gap-5 sm:grid-cols-2 lg:grid-cols-3';

const CARD = 'rounded-2xl bg-slate-200/70';
const ROW = 'rounded-lg bg-slate-100';

/** The looks of the lists' placeholders: the box's layout and the look of each grey block. */
const PLACEHOLDER_LAYOUTS = {
  /** Cards in the card grid. */
  grid: { className: CARD_GRID, item: CARD },
  /** Cards one under another. */
  stack: { className: 'flex flex-col gap-3', item: CARD },
  /** Taller cards one under another, further apart. */
  wideStack: { className: 'flex flex-col gap-4', item: CARD },
  /** The light rows of a boxed list. */
  rows: { className: 'flex flex-col gap-2', item: ROW },
} as const;

/**
 * The loading placeholders of a list: `count` grey blocks of Tailwind `height` in one of the shared
 * `layout`s, named `label` for screen readers.
 */
export function listPlaceholders(
  label: string,
  layout: keyof typeof PLACEHOLDER_LAYOUTS,
  count: number,
  height: `h-${number}`,
  testId?: string,
): ComponentProps<typeof LoadingPlaceholders> {
  const { className, item } = PLACEHOLDER_LAYOUTS[layout];
  return { label, count, className, itemClassName: `${height} ${item}`, testId };
}

/** The texts of a list's `EmptyCard` and its icon, drawn in the primary colour. */
type EmptyTexts = Omit<ComponentProps<typeof EmptyCard>, 'icon' | 'children'> & { icon: LucideIcon };

function isEmptyTexts(empty: ReactNode | EmptyTexts): empty is EmptyTexts {
  return typeof empty === 'object' && empty !== null && !isValidElement(empty) && 'icon' in empty;
}

/**
 * `QueryStates` for one page of a paged list: the `empty` state (an `EmptyCard` when given its
 * texts) when the page has no rows; otherwise
 * `children(page)` with the pager under it (nothing for a single page), both in a `className` box
 * when one is given.
 */
export function PagedQueryStates<T extends ListPage>({
  pager,
  className,
  empty,
  children,
  ...states
}: Omit<QueryStatesProps<T>, 'isEmpty' | 'empty'> & {
  empty: ReactNode | EmptyTexts;
  pager: Pager;
  className?: string;
}) {
  const language = useCurrentLanguage();
  let emptyState: ReactNode = empty as ReactNode;
  if (isEmptyTexts(empty)) {
    const { icon: Icon, ...texts } = empty;
    emptyState = <EmptyCard icon={<Icon aria-hidden="true" className="size-8 text-primary" />} {...texts} />;
  }
  return (
    <QueryStates {...states} isEmpty={(data) => data.data.length === 0} empty={emptyState}>
      {(data) => {
        const list = (
          <>
            {children(data)}
            <Pagination
              language={language}
              compact={pager.compact}
              page={clampPage(pager.page, data.totalPages)}
              totalPages={data.totalPages}
              onPageChange={pager.onPageChange}
              labels={pager.labels}
            />
          </>
        );
        return className ? <div className={className}>{list}</div> : list;
      }}
    </QueryStates>
  );
}
