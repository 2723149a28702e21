import { ROLE } from '@ustaz/contract/constants';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { errorText } from '../../shared/lib/error-text.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { GraduationCap, MailWarning, ShieldCheck } from '../../shared/ui/icons.tsx';
import { FullPageSpinner } from '../../shared/ui/spinner.tsx';
import { EmptyCard, ErrorCard } from '../../shared/ui/state-card.tsx';
import { useMyApplication } from './api/get-my-application.ts';
import { ApplicationForm } from './application-form.tsx';
import { ApplicationStatus } from './application-status.tsx';
import { ERROR_TEXTS } from './teach-error-texts.ts';
import { TeachIntro } from './teach-intro.tsx';

const GATE_ICONS = { teacher: GraduationCap, admin: ShieldCheck, unconfirmed: MailWarning } as const;

/** A card for someone who cannot apply: a teacher, an admin, or an unconfirmed e-mail. */
function Gate({ kind }: { kind: 'teacher' | 'admin' | 'unconfirmed' }) {
  const { t } = useTranslation('teach');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const target = kind === 'admin' ? '/admin/teacher-applications' : '/profile';
  const Icon = GATE_ICONS[kind];
  return (
    <EmptyCard
      icon={<Icon aria-hidden="true" className="size-10 text-primary" />}
      title={t(`gate.${kind}.title`)}
      body={t(`gate.${kind}.body`, { email: user?.email ?? '' })}
      testId={`teach-gate-${kind}`}
    >
      {kind === 'unconfirmed' ? null : (
        <Link to={localePath(language, target)} className={buttonClasses()}>
          {t(`gate.${kind}.action`)}
        </Link>
      )}
    </EmptyCard>
  );
}

/** A confirmed student: their application's status, or the form (a first one, or again after a rejection). */
function StudentArea() {
  const { t } = useTranslation('teach');
  const mine = useMyApplication(true);
  const [applyingAgain, setApplyingAgain] = useState(false);
  if (mine.isPending) return <FullPageSpinner />;
  if (mine.isError) {
    return (
      <ErrorCard
        title={t('errors.generic')}
        body={errorText(mine.error, t, ERROR_TEXTS.teach)}
        onRetry={() => void mine.refetch()}
        retrying={mine.isFetching}
      />
    );
  }
  const application = mine.data;
  if (application && !(application.status === 'rejected' && applyingAgain)) {
    return <ApplicationStatus application={application} onApplyAgain={() => setApplyingAgain(true)} />;
  }
  return <ApplicationForm />;
}

/**
 * /{lang}/teach (issue 15, "Become a teacher"): what teaching on Ustaz means; a visitor is asked
 * to sign up or sign in, a confirmed student applies or follows their application, a teacher or
 * admin is sent where they belong.
 */
export function TeachPage() {
  const auth = useAuth();
  let area = null;
  if (auth.user?.role.id === ROLE.teacher) area = <Gate kind="teacher" />;
  else if (auth.user?.role.id === ROLE.admin) area = <Gate kind="admin" />;
  else if (auth.user && !auth.user.emailConfirmed) area = <Gate kind="unconfirmed" />;
  else if (auth.user) area = <StudentArea />;
  return (
    <div className="mx-auto flex w-full max-w-4xl flex-col gap-8 px-4 py-8 sm:py-12">
      {auth.loading ? <FullPageSpinner /> : <TeachIntro actions={!auth.isAuthenticated}>{area}</TeachIntro>}
    </div>
  );
}
