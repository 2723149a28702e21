import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { SearchBox } from '../../shared/search/search-box.tsx';
import { Island } from '../../shared/ssr/island.tsx';
import { YourTeachers } from '../../shared/teachers/your-teachers.tsx';
import { FaqSection } from './faq-section.tsx';
import { HeroCarousel } from './hero-carousel.tsx';
import { HowItWorksSection } from './how-it-works-section.tsx';
import { ReviewsSection } from './reviews-section.tsx';
import { TeachBanner } from './teach-banner.tsx';
import { TeacherCarousels } from './teacher-carousels.tsx';
import { WhyChooseSection } from './why-choose-section.tsx';

/**
 * The home page, in the order of spec 2: the search box above the hero carousel, a signed-in
 * student's "Your teachers" row, how it works, why choose, student reviews, FAQ (anchor `faq`),
 * famous and most-booked teachers.
 */
export function HomePage() {
  const { t } = useTranslation('home');
  const titleId = useId();
  return (
    <>
      <section aria-labelledby={titleId} className="bg-gradient-to-b from-primary/10 via-white to-white">
        <div className="mx-auto max-w-7xl px-4 pt-10 pb-6 sm:px-6 lg:pt-14">
          <div className="mx-auto max-w-3xl text-center">
            <h1 id={titleId} className="text-3xl leading-tight font-black text-slate-900 sm:text-4xl lg:text-5xl">
              {t('hero.title')}
            </h1>
            <p className="mt-4 text-base leading-8 text-slate-600 sm:text-lg">{t('hero.subtitle')}</p>
            <Island
              name="search-box"
              of={SearchBox}
              props={{ label: t('hero.findTeacher'), className: 'mx-auto mt-8 max-w-2xl' }}
            />
          </div>
          <div className="mt-10">
            <Island name="hero-carousel" of={HeroCarousel} />
          </div>
        </div>
      </section>
      <YourTeachers className="mx-auto max-w-7xl px-4 py-6 sm:px-6" />
      <HowItWorksSection />
      <WhyChooseSection />
      <Island name="reviews" of={ReviewsSection} when="visible" />
      <TeachBanner />
      <Island name="faq" of={FaqSection} when="visible" />
      <Island name="teacher-carousels" of={TeacherCarousels} when="visible" />
    </>
  );
}
