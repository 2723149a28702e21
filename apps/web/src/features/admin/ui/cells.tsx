import type { Language } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatId, formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import type { Column } from './data-table.tsx';
import { formatDateTime } from './format.ts';
import { UserLink } from './user-link.tsx';

/** When something happened, on one line; with `id`, the record's number under it (`#12`). */
export function DateTimeCell({ at, id }: { at: string | null | undefined; id?: number }) {
  const language = useCurrentLanguage();
  const when = <span className="whitespace-nowrap">{formatDateTime(at, language)}</span>;
  if (id === undefined) return when;
  return (
    <span className="flex flex-col">
      {when}
      <IdRef id={id} />
    </span>
  );
}

/** A table column of when each row happened (`at`); with `id`, the row's number under it. */
export function dateColumn<Row>(
  key: string,
  header: string,
  at: (row: Row) => string | null | undefined,
  id?: (row: Row) => number,
): Column<Row> {
  return {
    key,
    header,
    cell: (row) => (id ? <DateTimeCell at={at(row)} id={id(row)} /> : <DateTimeCell at={at(row)} />),
  };
}

/** A date column whose cell also names the row by its id (a list's first column). */
export function idDateColumn<Row extends { id: number }>(
  key: string,
  header: string,
  at: (row: Row) => string | null | undefined,
): Column<Row> {
  return dateColumn(key, header, at, (row) => row.id);
}

/** A table column of an exact KWD amount (`amount`; an empty cell when null), at the end side. */
export function amountColumn<Row>(
  key: string,
  header: string,
  amount: (row: Row) => string | null,
  language: Language,
): Column<Row> {
  return {
    key,
    header: <span className="block text-end">{header}</span>,
    className: 'text-end tabular-nums whitespace-nowrap',
    cell: (row) => {
      const value = amount(row);
      return value === null ? null : (formatKwd(value, language) ?? value);
    },
  };
}

/** A table column of a count (`value`) in the viewer's digits, at the end side. */
export function numberColumn<Row>(
  key: string,
  header: string,
  value: (row: Row) => number,
  language: Language,
): Column<Row> {
  return { key, header, className: 'text-end tabular-nums', cell: (row) => formatNumber(value(row), language) };
}

/** A table column of the person of each row (`person`), linking to their dashboard page. */
export function userColumn<Row>(
  key: string,
  header: string,
  person: (row: Row) => { id: number; name: string | null; detail?: string },
  className?: string,
): Column<Row> {
  return {
    key,
    header,
    className,
    cell: (row) => {
      const { id, name, detail } = person(row);
      return <UserLink id={id} name={name} detail={detail} />;
    },
  };
}

/** `#12` (its own component: only a list that shows ids needs the admin-money words). */
function IdRef({ id }: { id: number }) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  return <span className="text-xs text-slate-500">{t('common.idRef', { id: formatId(id, language) })}</span>;
}

/** Who did something: a link to them, or `none` muted (the system, a deleted admin). */
export function ActorLink({ actor, none }: { actor: { id: number; name: string | null } | null; none: string }) {
  return actor ? <UserLink id={actor.id} name={actor.name} /> : <span className="text-slate-500">{none}</span>;
}
