import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { EditProfileForm } from './edit-profile-form.tsx';

/** /profile/edit (teachers): the edit form as a page; the teaching details join it with a later issue. */
export function EditProfilePage() {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const navigate = useNavigate();
  const toProfile = () => navigate(localePath(lang, '/profile'));
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      <h1 className="text-3xl font-extrabold text-slate-900">{t('edit.title')}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-8">
        <EditProfileForm onSaved={toProfile} onCancel={toProfile} />
      </div>
    </section>
  );
}
