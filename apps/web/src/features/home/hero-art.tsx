import { cx } from '../../shared/ui/class-names.ts';

/** The widths each slide's picture is made in (scripts/hero-images.mjs), 4:3. */
export const HERO_IMAGE_WIDTHS = [400, 640, 960] as const;
const WIDTH = 640;
const HEIGHT = 480;
/**
 * Shown beside the text from 768 px (half the slide, at most 28rem); below, under the text at a
 * compact 12rem (16rem from 640 px), so a phone takes the 400w file and the slide stays short.
 */
const SIZES = '(min-width: 768px) min(28rem, 45vw), (min-width: 640px) 16rem, 12rem';

const srcSet = (slide: number, format: 'avif' | 'webp' | 'jpg') =>
  HERO_IMAGE_WIDTHS.map((width) => `/images/hero/slide-${slide}-${width}.${format} ${width}w`).join(', ');

/**
 * A hero slide's picture (spec 2), on every screen: AVIF, then WebP, then JPEG, each in three widths
 * for the browser to choose from `sizes`, with its size set so nothing moves when it arrives. The first
 * slide's is part of the first view (loaded at once, high priority: it may be the LCP); the others
 * load lazily. The alt text comes from the locale, like the slide's text.
 */
export function HeroPicture({ slide, alt, className }: { slide: number; alt: string; className?: string }) {
  const number = slide + 1;
  const first = slide === 0;
  return (
    <picture className={cx('mx-auto block w-full max-w-48 sm:max-w-64 md:max-w-md', className)}>
      <source type="image/avif" srcSet={srcSet(number, 'avif')} sizes={SIZES} />
      <source type="image/webp" srcSet={srcSet(number, 'webp')} sizes={SIZES} />
      <img
        src={`/images/hero/slide-${number}-${WIDTH}.jpg`}
        srcSet={srcSet(number, 'jpg')}
        sizes={SIZES}
        width={WIDTH}
        height={HEIGHT}
        alt={alt}
        loading={first ? 'eager' : 'lazy'}
        fetchPriority={first ? 'high' : 'low'}
        decoding={first ? 'sync' : 'async'}
        className="h-auto w-full rounded-2xl shadow-2xl shadow-black/25 md:rounded-3xl"
        data-testid="hero-picture"
      />
    </picture>
  );
}
