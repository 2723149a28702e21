import type { AdminUserDetail } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import {
  ArrowLeft,
  ArrowRight,
  CalendarDays,
  GraduationCap,
  MailCheck,
  Receipt,
  RotateCcw,
  UserRoundX,
  Wallet,
} from 'lucide-react';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type admin from '../../../../public/locales/en/admin.json';
import { ApiRequestError } from '../../../shared/http/client.ts';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { formatKwd, formatNumber } from '../../../shared/lib/format.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { EmptyCard } from '../../../shared/ui/state-card.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { ApprovalBadge, RoleBadge, StatusBadge } from '../ui/account-badges.tsx';
import { AdminPage } from '../ui/admin-page.tsx';
import { Badge } from '../ui/badge.tsx';
import { formatDateTime } from '../ui/format.ts';
import { QueryFallback } from '../ui/query-state.tsx';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { useAdminUser } from './api/get-user.ts';
import { useResendConfirmation } from './api/resend-confirmation.ts';
import { useRestoreUser } from './api/restore-user.ts';
import { useSuspendUser } from './api/suspend-user.ts';
import { PromoteDialog } from './promote-dialog.tsx';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /{lang}/admin/users/:id: one account, its figures, its actions and links to its money and lessons. */
export function AdminUserPage() {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const id = parseId(useParams().id);
  const detail = useAdminUser(id);
  const notFound = id === null || (detail.error instanceof ApiRequestError && detail.error.status === 404);

  const back = (
    <Link
      to={localePath(language, '/admin/users')}
      className="-ms-1 inline-flex min-h-11 items-center gap-2 self-start px-1 text-sm font-semibold text-primary hover:underline"
    >
      <ArrowLeft aria-hidden="true" className="size-4 rtl:-scale-x-100" />
      {t('user.back')}
    </Link>
  );

  if (notFound) {
    return (
      <WithBack back={back}>
        <AdminPage title={t('nav.user')}>
          <EmptyCard
            icon={<UserRoundX aria-hidden="true" className="size-10 text-slate-400" />}
            title={t('user.notFound.title')}
            body={t('user.notFound.body')}
          />
        </AdminPage>
      </WithBack>
    );
  }
  if (!detail.data) {
    return (
      <WithBack back={back}>
        <AdminPage title={t('nav.user')}>
          <QueryFallback query={detail} errorTitle={t('user.errorTitle')} />
        </AdminPage>
      </WithBack>
    );
  }
  return (
    <WithBack back={back}>
      <UserView detail={detail.data} />
    </WithBack>
  );
}

/** The way back to the list, above the page's heading. */
function WithBack({ back, children }: { back: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto flex max-w-7xl flex-col gap-1">
      {back}
      {children}
    </div>
  );
}

function UserView({ detail }: { detail: AdminUserDetail }) {
  const { t } = useTranslation('admin');
  const language = useCurrentLanguage();
  const { user } = detail;
  const name = `${user.firstName} ${user.lastName}`;
  const [dialog, setDialog] = useState<'promote' | 'suspend' | null>(null);
  const suspend = useSuspendUser(user.id);
  const restore = useRestoreUser(user.id);
  const resend = useResendConfirmation(user.id);
  const kwd = (amount: string) => formatKwd(amount, language) ?? amount;
  const number = (value: number, digits = 0) => formatNumber(value, language, digits);
  const adminPath = (path: string) => localePath(language, `/admin${path}`);

  async function confirmSuspend(reason: string) {
    try {
      await suspend.mutateAsync(reason);
      void notify.success(t('user.suspend.done'));
    } catch (error) {
      void notify.error(errorText(error, t, ERROR_TEXTS.admin));
      throw error;
    }
  }

  function runRestore() {
    restore.mutate(undefined, {
      onSuccess: () => void notify.success(t('user.restore.done')),
      onError: (error) => void notify.error(errorText(error, t, ERROR_TEXTS.admin)),
    });
  }

  function runResend() {
    resend.mutate(undefined, {
      onSuccess: () => void notify.success(t('user.resend.done')),
      onError: (error) => void notify.error(errorText(error, t, ERROR_TEXTS.admin)),
    });
  }

  const canPromote = user.roleId === ROLE.student;
  const canSuspend = user.roleId !== ROLE.admin && user.status === 'active';
  const canResend = !user.emailConfirmed && user.provider === 'email';
  const pendingTeacher = user.roleId === ROLE.teacher && user.approved === false;

  const actions = (
    <>
      {canPromote ? (
        <Button variant="outline" onClick={() => setDialog('promote')}>
          <GraduationCap aria-hidden="true" className="size-4" />
          {t('user.promote.action')}
        </Button>
      ) : null}
      {canResend ? (
        <Button variant="outline" onClick={runResend} loading={resend.isPending}>
          <MailCheck aria-hidden="true" className="size-4" />
          {t('user.resend.action')}
        </Button>
      ) : null}
      {user.status === 'suspended' ? (
        <Button onClick={runRestore} loading={restore.isPending}>
          <RotateCcw aria-hidden="true" className="size-4" />
          {t('user.restore.action')}
        </Button>
      ) : null}
      {canSuspend ? (
        <Button variant="destructive" onClick={() => setDialog('suspend')}>
          <UserRoundX aria-hidden="true" className="size-4" />
          {t('user.suspend.action')}
        </Button>
      ) : null}
    </>
  );

  const figures: { key: keyof (typeof admin)['user']['figures']; value: string }[] = [
    { key: 'wallet', value: kwd(detail.wallet) },
    { key: 'earnings', value: kwd(detail.earnings) },
    { key: 'remainingHours', value: number(detail.remainingHours, Number.isInteger(detail.remainingHours) ? 0 : 1) },
    { key: 'activeSessions', value: number(detail.activeSessions) },
    { key: 'reservations', value: number(detail.reservations) },
    { key: 'payments', value: number(detail.payments) },
  ];

  const details: { key: keyof (typeof admin)['user']['details']; value: ReactNode }[] = [
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
    { key: 'id', value: <span className="tabular-nums">{number(user.id)}</span> },
  ];
  if (user.approved !== null) details.push({ key: 'approval', value: <ApprovalBadge approved={user.approved} /> });

  const links = [
    { key: 'ledger', to: `/ledger?userId=${user.id}`, Icon: Wallet },
    { key: 'payments', to: `/payments?userId=${user.id}`, Icon: Receipt },
    { key: 'reservations', to: `/reservations?userId=${user.id}`, Icon: CalendarDays },
  ] as const;

  return (
    <AdminPage title={name} description={t('user.subtitle', { id: number(user.id) })} actions={actions}>
      {pendingTeacher ? (
        <Alert variant="info" title={t('user.pendingApproval.title')}>
          <p>{t('user.pendingApproval.body')}</p>
          <Link
            to={adminPath('/teachers?approval=pending')}
            className="mt-1 inline-flex items-center gap-1 font-semibold underline"
            data-testid="pending-teachers-link"
          >
            {t('user.pendingApproval.link')}
            <ArrowRight aria-hidden="true" className="size-4 rtl:-scale-x-100" />
          </Link>
        </Alert>
      ) : null}
      {user.status === 'suspended' ? (
        <Alert variant="error" title={t('user.suspendedNotice.title')}>
          {t('user.suspendedNotice.body')}
        </Alert>
      ) : null}

      <div className="grid gap-4 lg:grid-cols-[minmax(0,1fr)_minmax(0,1.2fr)]">
        <section aria-labelledby="user-details" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="user-details" className="text-base font-bold text-slate-900">
            {t('user.detailsTitle')}
          </h2>
          <dl className="mt-3 grid grid-cols-1 gap-x-4 gap-y-3 sm:grid-cols-[auto_minmax(0,1fr)]">
            {details.map((item) => (
              <div key={item.key} className="contents">
                <dt className="text-sm font-semibold text-slate-600">{t(`user.details.${item.key}`)}</dt>
                <dd className="-mt-2 text-sm text-slate-900 sm:mt-0">{item.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section aria-labelledby="user-figures" className="flex flex-col gap-3">
          <h2 id="user-figures" className="text-base font-bold text-slate-900">
            {t('user.figuresTitle')}
          </h2>
          <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3" data-testid="user-figures">
            {figures.map((figure) => (
              <div key={figure.key} className="rounded-xl border border-slate-200 bg-white p-3">
                <dt className="text-xs font-semibold text-slate-600">{t(`user.figures.${figure.key}`)}</dt>
                <dd className="mt-1 text-lg font-bold text-slate-900 tabular-nums">{figure.value}</dd>
              </div>
            ))}
          </dl>
          <ul className="flex flex-wrap gap-2">
            {links.map(({ key, to, Icon }) => (
              <li key={key}>
                <Link
                  to={adminPath(to)}
                  className="inline-flex min-h-11 items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-800 hover:border-primary hover:text-primary"
                >
                  <Icon aria-hidden="true" className="size-4" />
                  {t(`user.links.${key}`)}
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>

      <PromoteDialog open={dialog === 'promote'} userId={user.id} name={name} onClose={() => setDialog(null)} />
      <ReasonDialog
        open={dialog === 'suspend'}
        title={t('user.suspend.title')}
        message={t('user.suspend.body', { name })}
        confirmText={t('user.suspend.confirm')}
        onClose={() => setDialog(null)}
        onConfirm={confirmSuspend}
      />
    </AdminPage>
  );
}
