import { Construction } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useMatches } from 'react-router';
import { localePath } from '../shared/i18n/language.ts';
import { useCurrentLanguage } from '../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../shared/ui/button.tsx';
import type { RouteHandle } from './routes.tsx';

/** Stands in for a screen that a later issue builds: its title and a clear note. */
export function PlaceholderPage() {
  const { t } = useTranslation();
  const lang = useCurrentLanguage();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  return (
    <section
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center"
      data-testid="placeholder-page"
    >
      <Construction aria-hidden="true" className="size-14 text-primary" />
      <h1 className="mt-6 text-3xl font-extrabold text-slate-900">{t(`titles.${handle?.titleKey ?? 'home'}`)}</h1>
      <p className="mt-2 text-lg font-semibold text-secondary">{t('placeholder.comingSoon')}</p>
      <p className="mt-4 leading-7 text-slate-600">{t('placeholder.body')}</p>
      <div className="mt-8 flex flex-wrap justify-center gap-3">
        <Link to={localePath(lang)} className={buttonClasses({ variant: 'primary' })}>
          {t('placeholder.backHome')}
        </Link>
        <Link to={localePath(lang, '/teachers')} className={buttonClasses({ variant: 'outline' })}>
          {t('placeholder.browseTeachers')}
        </Link>
      </div>
    </section>
  );
}
