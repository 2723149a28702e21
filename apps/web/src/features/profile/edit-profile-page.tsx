import { ROLE } from '@ustaz/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { useOwnTeacherProfile } from './api/own-teacher-profile.ts';
import { EditProfileForm } from './edit-profile-form.tsx';
import { ownProfileStates } from './own-profile-states.ts';
import { TeacherProfileForm } from './teacher-profile-form.tsx';

/**
 * /profile/edit: a teacher edits their teaching profile (issue 15 "Present yourself") beside the
 * preview of their public card; anyone else the account form (names and photo).
 */
export function EditProfilePage() {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const navigate = useNavigate();
  const { user } = useAuth();
  const toProfile = () => navigate(localePath(lang, '/profile'));
  if (user?.role.id === ROLE.teacher) {
    return (
      <section className="mx-auto w-full max-w-6xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-extrabold text-slate-900">{t('teaching.editTitle')}</h1>
        <p className="mt-2 text-slate-700">{t('teaching.intro')}</p>
        <div className="mt-6">
          <TeacherEditor onDone={toProfile} />
        </div>
      </section>
    );
  }
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900">{t('edit.title')}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <EditProfileForm onSaved={toProfile} onCancel={toProfile} />
      </div>
    </section>
  );
}

function TeacherEditor({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const profile = useOwnTeacherProfile(lang);
  const { hash } = useLocation();
  // A link from the completeness meter (`#teacher-video`) lands on its field once the form is there.
  useEffect(() => {
    if (!profile.data || !hash) return;
    const element = document.getElementById(decodeURIComponent(hash.slice(1)));
    element?.scrollIntoView?.({ block: 'center' });
    element?.focus({ preventScroll: true });
  }, [profile.data, hash]);
  return (
    <QueryStates query={profile} {...ownProfileStates(t, [3, 'flex flex-col gap-6', 'h-48 rounded-xl bg-slate-200'])}>
      {(data) => <TeacherProfileForm key={data.id} profile={data} onSaved={onDone} onCancel={onDone} />}
    </QueryStates>
  );
}
