import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../shared/i18n/language.ts';
import { useCurrentLanguage } from '../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../shared/ui/button.tsx';
import { SearchX } from '../shared/ui/icons.tsx';

export function NotFoundPage() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center" data-testid="not-found">
      <SearchX aria-hidden="true" className="size-16 text-slate-400" />
      <p className="mt-6 text-6xl font-black text-primary">{t('notFound.code')}</p>
      <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{t('notFound.title')}</h1>
      <p className="mt-4 leading-7 text-slate-600">{t('notFound.body')}</p>
      <Link to={localePath(lang)} className={`mt-8 ${buttonClasses({ variant: 'primary', size: 'lg' })}`}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
