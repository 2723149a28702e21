import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { GraduationCap } from '../../shared/ui/icons.tsx';

/** "Teach on Ustaz": the home page's invitation to the supply side, a link to /teach. */
export function TeachBanner() {
  const { t } = useTranslation('home');
  const language = useCurrentLanguage();
  return (
    <section aria-labelledby="teach-cta-title" className="render-when-near px-4 py-12 sm:px-6">
      <div className="mx-auto flex max-w-5xl flex-col items-start gap-4 rounded-2xl bg-primary px-6 py-8 text-white sm:flex-row sm:items-center sm:px-10">
        <GraduationCap aria-hidden="true" className="size-12 shrink-0" />
        <div className="flex-1">
          <h2 id="teach-cta-title" className="text-2xl font-bold">
            {t('teachCta.title')}
          </h2>
          <p className="mt-1 text-white/90">{t('teachCta.body')}</p>
        </div>
        <Link
          to={localePath(language, '/teach')}
          className={buttonClasses({ variant: 'secondary', size: 'lg', className: 'shrink-0' })}
        >
          {t('teachCta.action')}
        </Link>
      </div>
    </section>
  );
}
