import type { AdminUserDetail } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type admin from '../../../../public/locales/en/admin.json';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { CalendarDays, Receipt, Wallet } from '../../../shared/ui/icons.tsx';
import { ApprovalBadge, RoleBadge, StatusBadge } from '../ui/account-badges.tsx';
import { Badge } from '../ui/badge.tsx';
import { formatDateTime } from '../ui/format.ts';

type FactKind = 'details' | 'figures';

/** One fact about the account: its name's key under `user.{kind}`, and its value. */
type Fact<Kind extends FactKind> = { key: keyof (typeof admin)['user'][Kind]; value: ReactNode };

/** How each list looks: the details as label and value rows, the figures as cards. */
const FACT_CLASSES = {
  details: {
    list: 'mt-3 grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]',
    item: 'contents',
    term: 'text-sm font-semibold text-slate-600',
    value: '-mt-2 text-sm text-slate-900 sm:mt-0',
  },
  figures: {
    list: 'grid grid-cols-2 gap-3 sm:grid-cols-3',
    item: 'rounded-xl border border-slate-200 bg-white p-3',
    term: 'text-xs font-semibold text-slate-600',
    value: 'mt-1 text-lg font-bold text-slate-900 tabular-nums',
  },
} as const;

/** A list of facts, each named by `term` (in the viewer's language). */
function Facts<Kind extends FactKind>({
  kind,
  items,
  term,
  testId,
}: {
  kind: Kind;
  items: Fact<Kind>[];
  term: (key: Fact<Kind>['key']) => string;
  testId?: string;
}) {
  const classes = FACT_CLASSES[kind];
  return (
    <dl className={classes.list} data-testid={testId}>
      {items.map((item) => (
        <div key={String(item.key)} className={classes.item}>
          <dt className={classes.term}>{term(item.key)}</dt>
          <dd className={classes.value}>{item.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The account's details: e-mail, role, status, confirmation, provider, language, creation, id, approval. */
export function UserDetails({ user }: { user: AdminUserDetail['user'] }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const details: Fact<'details'>[] = [
    {
      key: 'email',
      value: (
        <span dir="ltr" className="break-all">
          {user.email}
        </span>
      ),
    },
    { key: 'role', value: <RoleBadge roleId={user.roleId} /> },
    { key: 'status', value: <StatusBadge status={user.status} /> },
    {
      key: 'confirmed',
      value: (
        <Badge tone={user.emailConfirmed ? 'success' : 'warning'}>
          {t(user.emailConfirmed ? 'users.confirmed.yes' : 'users.confirmed.no')}
        </Badge>
      ),
    },
    { key: 'provider', value: t(`user.providers.${user.provider}`) },
    { key: 'language', value: t(`user.languages.${user.language}`) },
    { key: 'created', value: formatDateTime(user.createdAt, language) },
    { key: 'id', value: <span className="tabular-nums">{formatNumber(user.id, language)}</span> },
  ];
  if (user.approved !== null) details.push({ key: 'approval', value: <ApprovalBadge approved={user.approved} /> });

  return (
    <section aria-labelledby="user-details" className="rounded-xl border border-slate-200 bg-white p-4">
      <h2 id="user-details" className="text-base font-bold text-slate-900">
        {t('user.detailsTitle')}
      </h2>
      <Facts kind="details" items={details} term={(key) => t(`user.details.${key}`)} />
    </section>
  );
}

/** The account's figures (money, hours, counts) and the links to its ledger, payments and reservations. */
export function UserFigures({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { user } = detail;
  const kwd = (amount: string) => formatKwd(amount, language) ?? amount;
  const number = (value: number, digits = 0) => formatNumber(value, language, digits);
  const figures: Fact<'figures'>[] = [
    { key: 'wallet', value: kwd(detail.wallet) },
    { key: 'earnings', value: kwd(detail.earnings) },
    { key: 'remainingHours', value: number(detail.remainingHours, Number.isInteger(detail.remainingHours) ? 0 : 1) },
    { key: 'activeSessions', value: number(detail.activeSessions) },
    { key: 'reservations', value: number(detail.reservations) },
    { key: 'payments', value: number(detail.payments) },
  ];
  const links = [
    { key: 'ledger', to: `/ledger?userId=${user.id}`, Icon: Wallet },
    { key: 'payments', to: `/payments?userId=${user.id}`, Icon: Receipt },
    { key: 'reservations', to: `/reservations?userId=${user.id}`, Icon: CalendarDays },
  ] as const;

  return (
    <section aria-labelledby="user-figures" className="flex flex-col gap-3">
      <h2 id="user-figures" className="text-base font-bold text-slate-900">
        {t('user.figuresTitle')}
      </h2>
      <Facts kind="figures" items={figures} term={(key) => t(`user.figures.${key}`)} testId="user-figures" />
      <ul className="flex flex-wrap gap-2">
        {links.map(({ key, to, Icon }) => (
          <li key={key}>
            <Link
              to={localePath(language, `/admin${to}`)}
              className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-primary hover:text-primary"
            >
              <Icon aria-hidden="true" className="size-4" />
              {t(`user.links.${key}`)}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}
