import { HOME } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { ArrowRight, ChevronLeft, ChevronRight, Pause, Play } from '../../shared/ui/icons.tsx';
import { HeroPicture } from './hero-art.tsx';
import { translatedList } from './translated-list.ts';
import { useHeroCarousel } from './use-hero-carousel.ts';

/** Each slide's background; white text on all of them. */
const THEMES = [
  'bg-gradient-to-br from-slate-900 via-primary to-blue-800',
  'bg-gradient-to-br from-teal-950 via-teal-900 to-teal-700',
  'bg-gradient-to-br from-slate-900 via-rose-950 to-red-800',
];

/**
 * The hero (spec 2): 3 slides with title, description, a button to /{lang}/search and a picture;
 * advances every 5 s and loops, with an 800 ms cross-fade; previous/next arrows from md up,
 * disabled during a transition and mirrored in Arabic; dots and a pause button below. It does
 * not advance on its own when the visitor prefers reduced motion, while paused, or while the
 * pointer or the keyboard focus is on it.
 */
export function HeroCarousel() {
  const { t } = useTranslation('home');
  const language = useCurrentLanguage();
  const slides = translatedList(t('hero.slides', { returnObjects: true }), [
    'title',
    'description',
    'button',
    'imageAlt',
  ]);
  const count = slides.length;
  const { index, moving, paused, setPaused, handlers, reducedMotion, autoplay, goTo, swipe } = useHeroCarousel(
    count,
    language,
  );

  if (count === 0) return null;

  const arrowClass =
    'absolute top-1/2 z-10 hidden size-11 -translate-y-1/2 items-center justify-center rounded-full bg-white/15 text-white ring-1 ring-white/40 backdrop-blur transition hover:bg-white/25 disabled:cursor-not-allowed disabled:opacity-40 md:inline-flex';

  return (
    <section aria-roledescription="carousel" aria-label={t('hero.carouselLabel')} className="relative" {...handlers}>
      <div className="relative">
        <div
          className="grid overflow-hidden rounded-3xl shadow-xl shadow-primary/20"
          aria-live={autoplay ? 'off' : 'polite'}
          onPointerDown={swipe.onPointerDown}
          onPointerUp={swipe.onPointerUp}
          onPointerCancel={swipe.onPointerCancel}
        >
          {slides.map((slide, slideIndex) => {
            const active = slideIndex === index;
            return (
              // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group.
              <div
                key={slide.title}
                role="group"
                aria-roledescription="slide"
                aria-label={t('hero.slideLabel', { index: slideIndex + 1, total: count })}
                aria-hidden={!active}
                inert={!active}
                data-active={active}
                data-testid="hero-slide"
                className={cx(
                  '[grid-area:1/1] transition-opacity ease-in-out',
                  THEMES[slideIndex % THEMES.length],
                  active ? 'opacity-100' : 'pointer-events-none opacity-0',
                )}
                style={{ transitionDuration: `${HOME.heroTransitionMs}ms` }}
              >
                <div className="grid items-center gap-6 px-6 py-8 sm:px-10 sm:py-10 md:grid-cols-2 md:gap-8 md:px-20 lg:py-14">
                  <div className="text-white">
                    <h2 className="text-2xl leading-tight font-extrabold sm:text-3xl lg:text-4xl">{slide.title}</h2>
                    <p className="mt-4 max-w-xl text-base leading-8 text-white/90 sm:text-lg">{slide.description}</p>
                    <Link
                      to={localePath(language, '/search')}
                      className="mt-8 inline-flex min-h-12 items-center gap-2 rounded-xl bg-white px-6 font-bold text-primary shadow-lg transition-colors hover:bg-blue-50"
                    >
                      {slide.button}
                      <ArrowRight aria-hidden="true" className="size-5 rtl:-scale-x-100" />
                    </Link>
                  </div>
                  <HeroPicture slide={slideIndex} alt={slide.imageAlt} />
                </div>
              </div>
            );
          })}
        </div>
        <button
          type="button"
          className={cx(arrowClass, 'start-4')}
          onClick={() => goTo(index - 1)}
          disabled={moving}
          aria-label={t('hero.previous')}
        >
          <ChevronLeft aria-hidden="true" className="size-6 rtl:-scale-x-100" />
        </button>
        <button
          type="button"
          className={cx(arrowClass, 'end-4')}
          onClick={() => goTo(index + 1)}
          disabled={moving}
          aria-label={t('hero.next')}
        >
          <ChevronRight aria-hidden="true" className="size-6 rtl:-scale-x-100" />
        </button>
      </div>
      <div className="mt-4 flex items-center justify-center gap-1">
        {slides.map((slide, slideIndex) => (
          <button
            key={slide.title}
            type="button"
            onClick={() => goTo(slideIndex)}
            aria-label={t('hero.goTo', { index: slideIndex + 1 })}
            aria-current={slideIndex === index ? 'true' : undefined}
            className="group inline-flex size-8 items-center justify-center"
          >
            <span
              className={cx(
                'h-2.5 rounded-full transition-all',
                slideIndex === index ? 'w-8 bg-primary' : 'w-2.5 bg-slate-300 group-hover:bg-slate-400',
              )}
            />
          </button>
        ))}
        {reducedMotion ? null : (
          <button
            type="button"
            onClick={() => setPaused((value) => !value)}
            aria-label={paused ? t('hero.play') : t('hero.pause')}
            className="ms-2 inline-flex size-8 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100"
          >
            {paused ? (
              <Play aria-hidden="true" className="size-4 rtl:-scale-x-100" />
            ) : (
              <Pause aria-hidden="true" className="size-4" />
            )}
          </button>
        )}
      </div>
    </section>
  );
}
