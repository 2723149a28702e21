import type { AdminOverview } from '@ustaz/contract';
import type { ComponentType, SVGProps } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { cx } from '../../../shared/ui/class-names.ts';
import {
  ArrowRight,
  CalendarClock,
  CircleDollarSign,
  GraduationCap,
  Hourglass,
  Receipt,
  SearchX,
  UserRound,
  UserRoundX,
  Users,
  Wallet,
} from '../../../shared/ui/icons.tsx';
import { AdminPage } from '../ui/admin-page.tsx';
import { QueryFallback } from '../ui/query-state.tsx';
import { useAdminOverview } from './api/get-overview.ts';
import { OverviewPeriod, type OverviewRange } from './overview-period.tsx';

/** The headline figures (the range's own figures are drawn below them). */
type TileKey = keyof Pick<
  AdminOverview,
  | 'pendingTeachers'
  | 'pendingPayments'
  | 'users'
  | 'students'
  | 'teachers'
  | 'suspendedUsers'
  | 'upcomingReservations'
  | 'paidLast30Days'
  | 'walletsTotal'
  | 'notFoundSearches'
>;

type Tile = {
  key: TileKey;
  /** The dashboard page it opens, below /{lang}/admin. */
  to: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
  money?: boolean;
  /** Highlighted while above zero: something waits for an admin. */
  attention?: boolean;
};

const TILES: Tile[] = [
  { key: 'pendingTeachers', to: '/teachers?approval=pending', Icon: Hourglass, attention: true },
  { key: 'pendingPayments', to: '/payments?status=pending', Icon: Receipt, attention: true },
  { key: 'users', to: '/users', Icon: Users },
  { key: 'students', to: '/users?roleId=3', Icon: UserRound },
  { key: 'teachers', to: '/teachers', Icon: GraduationCap },
  { key: 'suspendedUsers', to: '/users?status=suspended', Icon: UserRoundX },
  { key: 'upcomingReservations', to: '/reservations', Icon: CalendarClock },
  { key: 'paidLast30Days', to: '/payments?status=paid', Icon: CircleDollarSign, money: true },
  { key: 'walletsTotal', to: '/ledger', Icon: Wallet, money: true },
  { key: 'notFoundSearches', to: '/search-log', Icon: SearchX },
];

/** /{lang}/admin: one tile per headline figure, each opening the section behind it. */
export function AdminOverviewPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  // The range lives in the URL (?from&to), so a reload or a shared link shows the same period.
  const [params, setParams] = useSearchParams();
  const day = (name: string) => {
    const value = params.get(name) ?? '';
    return /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : undefined;
  };
  const overview = useAdminOverview({ from: day('from'), to: day('to') });
  const data = overview.data;
  const onRange = (range: OverviewRange) => {
    const next = new URLSearchParams(params);
    for (const key of ['from', 'to'] as const) {
      const value = range[key];
      if (value) next.set(key, value);
      else next.delete(key);
    }
    setParams(next);
  };

  function value(tile: Tile): string {
    if (!data) return '';
    const figure = data[tile.key];
    if (tile.money) return formatKwd(figure, language) ?? String(figure);
    return formatNumber(Number(figure), language);
  }

  return (
    <AdminPage title={t('overview.title')} description={t('overview.description')}>
      {!data ? (
        <QueryFallback query={overview} errorTitle={t('overview.errorTitle')} />
      ) : (
        <ul className="grid gap-3 sm:grid-cols-2 xl:grid-cols-3" data-testid="overview-tiles">
          {TILES.map((tile) => {
            const highlighted = tile.attention && Number(data[tile.key]) > 0;
            return (
              <li key={tile.key}>
                <Link
                  to={localePath(language, `/admin${tile.to}`)}
                  data-testid={`tile-${tile.key}`}
                  className={cx(
                    'group flex h-full items-start gap-3 rounded-xl border bg-white p-4 transition-colors hover:border-primary focus-visible:outline-2 focus-visible:outline-primary',
                    highlighted ? 'border-amber-300 bg-amber-50' : 'border-slate-200',
                  )}
                >
                  <span
                    aria-hidden="true"
                    className={cx(
                      'flex size-10 shrink-0 items-center justify-center rounded-lg',
                      highlighted ? 'bg-amber-100 text-amber-800' : 'bg-primary/10 text-primary',
                    )}
                  >
                    <tile.Icon className="size-5" />
                  </span>
                  <span className="flex min-w-0 flex-1 flex-col">
                    <span className="text-sm font-semibold text-slate-700">{t(`overview.tiles.${tile.key}`)}</span>
                    <span className="text-2xl font-bold text-slate-900 tabular-nums" data-testid="tile-value">
                      {value(tile)}
                    </span>
                    <span className="text-xs text-slate-500">{t(`overview.hints.${tile.key}`)}</span>
                  </span>
                  <ArrowRight
                    aria-hidden="true"
                    className="mt-1 size-4 shrink-0 text-slate-400 group-hover:text-primary rtl:-scale-x-100"
                  />
                </Link>
              </li>
            );
          })}
        </ul>
      )}
      {data ? <OverviewPeriod key={`${data.period.from}-${data.period.to}`} data={data} onRange={onRange} /> : null}
    </AdminPage>
  );
}
