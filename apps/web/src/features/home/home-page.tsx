import { Search } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { FaqSection } from './faq-section.tsx';

/** The home page. The hero carousel, search and teacher carousels arrive with discovery. */
export function HomePage() {
  const { t } = useTranslation('home');
  const { lang = 'ar' } = useParams();
  return (
    <>
      <section className="bg-gradient-to-b from-primary/10 to-white">
        <div className="mx-auto max-w-7xl px-4 py-20 text-center sm:px-6 lg:py-28">
          <h1 className="text-4xl font-black leading-tight text-slate-900 sm:text-5xl">{t('hero.title')}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg leading-8 text-slate-600">{t('hero.subtitle')}</p>
          <div className="mt-10 flex flex-wrap justify-center gap-3">
            <Link to={`/${lang}/search`} className={buttonClasses({ variant: 'primary', size: 'lg' })}>
              <Search aria-hidden="true" className="size-5" />
              {t('hero.findTeacher')}
            </Link>
            <Link to={`/${lang}/about-platform`} className={buttonClasses({ variant: 'outline', size: 'lg' })}>
              {t('hero.howItWorks')}
            </Link>
          </div>
        </div>
      </section>
      <FaqSection />
    </>
  );
}
