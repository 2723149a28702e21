import type { UseEmblaCarouselType } from 'embla-carousel-react';

/** The carousel's controls, handed from the lazily loaded track to the section that draws the arrows. */
export type CarouselApi = NonNullable<UseEmblaCarouselType[1]>;
