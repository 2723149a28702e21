import type { AdminUserDetail } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ApiRequestError } from '../../../shared/http/client.ts';
import { localePath } from '../../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../../shared/lib/format.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { ArrowLeft, ArrowRight, UserRoundX } from '../../../shared/ui/icons.tsx';
import { EmptyCard } from '../../../shared/ui/state-card.tsx';
import { AdminPage } from '../ui/admin-page.tsx';
import { QueryFallback } from '../ui/query-state.tsx';
import { useAdminUser } from './api/get-user.ts';
import { UserActions, type UserDialog, UserDialogs } from './user-actions.tsx';
import { UserDetails, UserFigures } from './user-facts.tsx';

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
  const [dialog, setDialog] = useState<UserDialog | null>(null);
  const pendingTeacher = user.roleId === ROLE.teacher && user.approved === false;

  return (
    <AdminPage
      title={name}
      description={t('user.subtitle', { id: formatNumber(user.id, language) })}
      actions={<UserActions user={user} onOpen={setDialog} />}
    >
      {pendingTeacher ? (
        <Alert variant="info" title={t('user.pendingApproval.title')}>
          <p>{t('user.pendingApproval.body')}</p>
          <Link
            to={localePath(language, '/admin/teachers?approval=pending')}
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
        <UserDetails user={user} />
        <UserFigures detail={detail} />
      </div>

      <UserDialogs user={user} name={name} dialog={dialog} onClose={() => setDialog(null)} />
    </AdminPage>
  );
}
