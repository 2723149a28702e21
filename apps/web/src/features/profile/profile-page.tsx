import { DEFAULT_ADMIN_DASHBOARD_URL, type Language, ROLE, type User } from '@ustaz/contract';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath, switchLanguagePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLongDate } from '../../shared/lib/dates/formats.ts';
import { useWebsiteSettings } from '../../shared/settings/api.ts';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { CalendarDays, Mail, MessageCircle, Pencil } from '../../shared/ui/icons.tsx';
import { useModal } from '../../shared/ui/modal/modal-context.tsx';
import { MODAL_KINDS } from '../../shared/ui/modal/modal-kinds.ts';
import { FullPageSpinner } from '../../shared/ui/spinner.tsx';
import { AccountSettings } from './account-settings.tsx';

function leaveForDashboard(url: string) {
  window.location.assign(url);
}

/**
 * The dashboard address for an admin on a page in `language`: a path of this site ("/admin", the
 * default, or "/ar/admin") gets the page's language, so /en/profile lands on /en/admin (issue 30
 * item 23); another site's address is left as the settings give it.
 */
export function dashboardUrlFor(configured: string, language: Language): string {
  if (!configured.startsWith('/') || configured.startsWith('//')) return configured;
  const { pathname, search, hash } = new URL(configured, 'http://this.site');
  return switchLanguagePath({ pathname, search, hash }, language);
}

/**
 * Spec 2: admins (role 1) go to the external dashboard, teachers (2) see the teacher profile, others the student one.
 * Other features' sections (wallet, availability) come in as props: app/ composes them (features/README.md).
 */
export function ProfilePage({
  goToDashboard = leaveForDashboard,
  studentSections,
  teacherSections,
}: {
  /** Leaves the app for the admin dashboard (replaceable in tests, where jsdom cannot navigate). */
  goToDashboard?: (url: string) => void;
  /** Shown to a student below the shortcuts. */
  studentSections?: ReactNode;
  /** Shown to a teacher below the shortcuts. */
  teacherSections?: ReactNode;
}) {
  const { user } = useAuth();
  // The sections' namespaces load with the page's, so the page appears at once and complete.
  useTranslation(['profile', 'wallet', 'availability']);
  if (!user) return null;
  if (user.role.id === ROLE.admin) return <AdminRedirect goToDashboard={goToDashboard} />;
  if (user.role.id === ROLE.teacher) return <RoleProfile user={user} kind="teacher" sections={teacherSections} />;
  return <RoleProfile user={user} kind="student" sections={studentSections} />;
}

function AdminRedirect({ goToDashboard }: { goToDashboard: (url: string) => void }) {
  const { t } = useTranslation('profile');
  const settings = useWebsiteSettings();
  const language = useCurrentLanguage();
  const url = settings.isPending
    ? null
    : dashboardUrlFor(settings.data?.settings.additional.adminDashboardUrl ?? DEFAULT_ADMIN_DASHBOARD_URL, language);
  useEffect(() => {
    if (url) goToDashboard(url);
  }, [url, goToDashboard]);
  return (
    <div data-testid="admin-redirect">
      <FullPageSpinner label={t('admin.redirecting')} />
    </div>
  );
}

/** A student's or teacher's profile: the shortcuts to reservations (a teacher's lessons) and chats, then `sections`. */
function RoleProfile({ user, kind, sections }: { user: User; kind: 'student' | 'teacher'; sections: ReactNode }) {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  return (
    <ProfileLayout user={user} roleLabel={t(`roles.${kind}`)}>
      <nav aria-label={t(`${kind}.shortcuts`)} className="grid gap-3 sm:grid-cols-2">
        <Link to={localePath(lang, '/reservations')} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          <CalendarDays aria-hidden="true" className="size-5" />
          {kind === 'teacher' ? t('teacher.lessons') : t('student.reservations')}
        </Link>
        <Link to={localePath(lang, '/chats')} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
          <MessageCircle aria-hidden="true" className="size-5" />
          {t(`${kind}.chats`)}
        </Link>
      </nav>
      {sections}
    </ProfileLayout>
  );
}

/**
 * What both profiles show: photo or initials, name, e-mail, member since, the edit button, and
 * below the role's sections the account settings (password change, account deletion).
 */
function ProfileLayout({ user, roleLabel, children }: { user: User; roleLabel: string; children?: ReactNode }) {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const { openModal } = useModal();
  const memberSince = formatLongDate(user.createdAt, lang);
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-10 sm:py-14">
      <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
        <div className="h-24 bg-gradient-to-b from-primary/20 to-primary/5" />
        <div className="flex flex-col gap-5 px-5 pb-6 sm:px-8">
          <div className="-mt-12 flex flex-col items-center gap-4 text-center sm:flex-row sm:items-end sm:text-start">
            <Avatar
              firstName={user.firstName}
              lastName={user.lastName}
              photoUrl={user.photo?.path}
              size="xl"
              className="border-4 border-white shadow"
            />
            <div className="min-w-0 flex-1">
              <h1 className="text-2xl font-extrabold wrap-anywhere text-slate-900" data-testid="profile-name">
                <bdi>
                  {user.firstName} {user.lastName}
                </bdi>
              </h1>
              <span className="mt-1 inline-block rounded-full bg-primary/10 px-3 py-0.5 text-sm font-semibold text-primary">
                {roleLabel}
              </span>
            </div>
            <Button
              variant="primary"
              onClick={() => openModal(MODAL_KINDS.EDIT_PROFILE, undefined, { size: 'lg', title: t('edit.title') })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              {t('edit.open')}
            </Button>
          </div>
          <dl className="grid gap-4 border-t border-slate-100 pt-5 sm:grid-cols-2">
            <div className="min-w-0">
              <dt className="flex items-center gap-2 text-sm text-slate-500">
                <Mail aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                {t('fields.email')}
              </dt>
              <dd className="mt-1 font-semibold break-all text-slate-900">
                <bdi>{user.email}</bdi>
              </dd>
            </div>
            {memberSince ? (
              <div>
                <dt className="flex items-center gap-2 text-sm text-slate-500">
                  <CalendarDays aria-hidden="true" className="size-4 shrink-0 text-slate-400" />
                  {t('memberSince')}
                </dt>
                <dd className="mt-1 font-semibold text-slate-900">
                  <time dateTime={user.createdAt}>{memberSince}</time>
                </dd>
              </div>
            ) : null}
          </dl>
        </div>
      </div>
      <div className="mt-6 flex flex-col gap-6">
        {children}
        <AccountSettings user={user} />
      </div>
    </section>
  );
}
