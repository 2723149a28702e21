import type { ReactNode } from 'react';
import type { Translate } from '../../../shared/i18n/translate.ts';
import { AdminPage } from './admin-page.tsx';
import { AdminPager } from './admin-pager.tsx';
import { type Column, DataTable } from './data-table.tsx';
import { choices, FilterBar } from './filter-bar.tsx';
import { type ChoiceParser, useListParams } from './list-params.ts';

/** How many rows a dashboard list asks for at a time. */
export const ADMIN_PAGE_SIZE = 20;

type Parsers = Record<string, (value: string) => unknown>;

/** The filters read by `oneOf`, and the choices of one. */
type ChoiceKey<P extends Parsers> = {
  [Key in keyof P & string]: P[Key] extends ChoiceParser<string | number> ? Key : never;
}[keyof P & string];
type ChoiceOf<Parser> = Parser extends ChoiceParser<infer Choice> ? Choice : never;

/**
 * A dashboard list's filters and page, kept in the URL (see `useListParams`). Each filter is read
 * by its parser, which answers undefined when the filter is not set, not valid or at its default:
 * the list is `filtered` while any parser answers something, and `clear` empties them all.
 */
export function useAdminList<P extends Parsers>(parsers: P) {
  const keys = Object.keys(parsers) as (keyof P & string)[];
  const { page, filters, setFilter, setFilters, setPage } = useListParams(keys);
  const values = Object.fromEntries(keys.map((key) => [key, parsers[key]?.(filters[key])])) as {
    [Key in keyof P]: ReturnType<P[Key]>;
  };
  const applier = (key: keyof P & string) => (value: string) => setFilter(key, value);
  const choice = (key: keyof P & string) => ({ name: key, value: String(values[key] ?? ''), onApply: applier(key) });
  return {
    /** The filters as typed in the URL. */
    filters,
    /** The filters as the list's query takes them. */
    values,
    paging: { page, limit: ADMIN_PAGE_SIZE },
    filtered: keys.some((key) => values[key] !== undefined),
    setFilter,
    setPage,
    clear: () => setFilters(Object.fromEntries(keys.map((key) => [key, ''])) as Record<keyof P & string, string>),
    /** A typed field's name, value (as in the URL) and apply: `<TextFilter {...list.input('userId')} />`. */
    input: (key: keyof P & string) => ({ name: key, value: filters[key], onApply: applier(key) }),
    /** A choice's name, value (only a valid one) and apply: `<SelectFilter {...list.choice('status')} />`. */
    choice,
    /**
     * A `oneOf` filter's choice with its options, each of the parser's choices labelled:
     * `<SelectFilter {...list.select('status', (status) => t(`status.${status}`))} />`.
     */
    select: <Key extends ChoiceKey<P>>(key: Key, label: (value: ChoiceOf<P[Key]>) => string) => ({
      ...choice(key),
      options: choices((parsers[key] as unknown as ChoiceParser<ChoiceOf<P[Key]>>).choices, label),
    }),
  };
}

/** What the page frame needs of `useAdminList`. */
export type ListState = { filtered: boolean; clear: () => void; setPage: (page: number) => void };

type PageData<Row> = { data: Row[]; page: number; totalPages: number; total: number };

/** The part of a TanStack query the list shows: a page of rows (or every row at once). */
export type ListQuery<Row> = {
  data: PageData<Row> | Row[] | undefined;
  isFetching: boolean;
  isError: boolean;
  refetch: () => unknown;
};

type RowKey<Row> = (row: Row) => string | number;

/** Rows are keyed by their `id`; a list of rows without one says how to key them. */
type RowKeyProp<Row> = [Row] extends [{ id: string | number }] ? { rowKey?: RowKey<Row> } : { rowKey: RowKey<Row> };

function byId(row: unknown): string | number {
  return (row as { id: string | number }).id;
}

/** `searchLog` → `search-log-table`. */
function tableTestId(texts: string): string {
  return `${texts.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)}-table`;
}

/**
 * A whole dashboard list page: title, filter bar (its fields are the children), an optional notice,
 * the table with its loading, error and empty states, and the pager. Its words are the keys under
 * `texts` in the page's namespace: `title`, `description`, `caption`, `empty.title|body`, and
 * `noMatch.title|body` (shown instead of `empty` while filtered, unless `noMatch` is false).
 */
export function AdminListPage<Row>({
  t,
  texts,
  list,
  query,
  rows,
  columns,
  rowKey = byId,
  noMatch = true,
  actions,
  notice,
  dialogs,
  children,
}: {
  t: Translate;
  texts: string;
  list: ListState;
  query: ListQuery<Row>;
  /** The rows to show when the page filters them itself (a list the server sends whole). */
  rows?: Row[];
  columns: Column<Row>[];
  noMatch?: boolean;
  actions?: ReactNode;
  notice?: ReactNode;
  dialogs?: ReactNode;
  children: ReactNode;
} & RowKeyProp<Row>) {
  const paged = query.data && !Array.isArray(query.data) ? query.data : undefined;
  const empty = `${texts}.${list.filtered && noMatch ? 'noMatch' : 'empty'}`;
  return (
    <AdminPage title={t(`${texts}.title`)} description={t(`${texts}.description`)} actions={actions}>
      <FilterBar active={list.filtered} onClear={list.clear}>
        {children}
      </FilterBar>
      {notice}
      <DataTable
        caption={t(`${texts}.caption`)}
        columns={columns}
        rows={rows ?? paged?.data ?? (Array.isArray(query.data) ? query.data : undefined)}
        rowKey={rowKey}
        loading={query.isFetching}
        error={query.isError}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
        empty={{ title: t(`${empty}.title`), body: t(`${empty}.body`) }}
        testId={tableTestId(texts)}
      />
      {paged ? (
        <AdminPager page={paged.page} totalPages={paged.totalPages} total={paged.total} onPageChange={list.setPage} />
      ) : null}
      {dialogs}
    </AdminPage>
  );
}
