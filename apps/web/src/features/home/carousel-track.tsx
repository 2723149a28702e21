import { directionOf } from '@ustaz/contract/constants';
import useEmblaCarousel from 'embla-carousel-react';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import type { CarouselApi } from './carousel-api.ts';
import { useHoverFocus } from './use-hover-focus.ts';
import { usePrefersReducedMotion } from './use-prefers-reduced-motion.ts';

export type CarouselSlide = { key: Key; node: ReactNode };

export type CarouselTrackProps = {
  /** Names the carousel region. */
  label: string;
  slides: CarouselSlide[];
  /** Moves to the next card after this pause; 0 turns autoplay off. */
  autoplayMs: number;
  /** Receives the carousel's controls (and undefined when it goes away), for buttons outside it. */
  onApi: (api: CarouselApi | undefined) => void;
};

/**
 * The moving part of a carousel section (embla, loaded after the first paint): 1 card per view,
 * 2 from 640 px, 3 from 1024 px; right to left in Arabic; loops; advances every `autoplayMs`
 * unless the visitor prefers reduced motion or the pointer or keyboard focus is on it.
 */
export function CarouselTrack({ label, slides, autoplayMs, onApi }: CarouselTrackProps) {
  const { t } = useTranslation('home');
  const language = useCurrentLanguage();
  const reducedMotion = usePrefersReducedMotion();
  const [viewportRef, api] = useEmblaCarousel({ align: 'start', loop: true, direction: directionOf(language) });
  const [selected, setSelected] = useState(0);
  const { engaged, handlers } = useHoverFocus();

  useEffect(() => {
    onApi(api);
    return () => onApi(undefined);
  }, [api, onApi]);

  useEffect(() => {
    if (!api) return;
    const onSelect = () => setSelected(api.selectedScrollSnap());
    api.on('select', onSelect);
    return () => {
      api.off('select', onSelect);
    };
  }, [api]);

  // One timer per shown card: any move, by the timer or by the visitor, starts a new pause.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a newly selected card is the trigger.
  useEffect(() => {
    if (!api || reducedMotion || engaged || autoplayMs <= 0) return;
    const timer = setTimeout(() => {
      if (api.canScrollNext()) api.scrollNext();
      else api.scrollTo(0);
    }, autoplayMs);
    return () => clearTimeout(timer);
  }, [api, selected, reducedMotion, engaged, autoplayMs]);

  return (
    <section aria-roledescription="carousel" aria-label={label} {...handlers}>
      <div ref={viewportRef} className="overflow-hidden" data-testid="carousel-viewport">
        <div className="-ms-4 flex touch-pan-y py-2">
          {slides.map((slide, index) => (
            // biome-ignore lint/a11y/useSemanticElements: the WAI-ARIA carousel pattern names each slide as a group.
            <div
              key={slide.key}
              role="group"
              aria-roledescription="slide"
              aria-label={t('carousel.slideLabel', { index: index + 1, total: slides.length })}
              className="min-w-0 shrink-0 grow-0 basis-full ps-4 sm:basis-1/2 lg:basis-1/3"
              data-testid="carousel-slide"
            >
              {slide.node}
            </div>
          ))}
        </div>
      </div>
    </section>
  );
}
