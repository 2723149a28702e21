import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Inbox } from '../../../shared/ui/icons.tsx';
import { EmptyCard, ErrorCard } from '../../../shared/ui/state-card.tsx';
import { AdminLoading } from './query-state.tsx';

export type Column<Row> = {
  key: string;
  header: ReactNode;
  cell: (row: Row) => ReactNode;
  /** Extra classes of the cells of this column (`text-end tabular-nums` for amounts). */
  className?: string;
};

/**
 * The dashboard's list: a real table (scrolls sideways on a phone) with its loading, error and
 * empty states. `caption` names the table for assistive technology.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  loading,
  error,
  onRetry,
  retrying = false,
  empty,
  testId,
}: {
  caption: string;
  columns: Column<Row>[];
  rows: Row[] | undefined;
  rowKey: (row: Row) => string | number;
  loading: boolean;
  error: boolean;
  onRetry: () => void;
  retrying?: boolean;
  empty: { title: string; body: string };
  testId?: string;
}) {
  const { t } = useTranslation('admin');
  if (error && !rows) {
    return <ErrorCard title={t('list.errorTitle')} body={t('list.errorBody')} onRetry={onRetry} retrying={retrying} />;
  }
  if (loading && !rows) return <AdminLoading />;
  if (!rows || rows.length === 0) {
    return (
      <EmptyCard
        icon={<Inbox aria-hidden="true" className="size-10 text-slate-400" />}
        title={empty.title}
        body={empty.body}
      />
    );
  }
  return (
    <div className="relative overflow-x-auto rounded-xl border border-slate-200 bg-white" data-testid={testId}>
      <table className="w-full min-w-[40rem] border-collapse text-sm" aria-busy={loading}>
        <caption className="sr-only">{caption}</caption>
        <thead className="bg-slate-50 text-slate-700">
          <tr>
            {columns.map((column) => (
              <th
                key={column.key}
                scope="col"
                className={`px-3 py-2 font-semibold ${column.className?.includes('text-end') ? '' : 'text-start'} ${column.className ?? ''}`}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className="border-t border-slate-100 align-top">
              {columns.map((column) => (
                <td key={column.key} className={`px-3 py-2 ${column.className ?? ''}`}>
                  {column.cell(row)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
