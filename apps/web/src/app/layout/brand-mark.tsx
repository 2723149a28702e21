import type { Brand } from '../../shared/settings/brand.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { GraduationCap } from '../../shared/ui/icons.tsx';

/**
 * The operator's logo and name (navbar, footer, mobile menu). With a logo the image carries the
 * name as its alt text and the written name is decorative, shown only from `nameFrom` up
 * (`always` in the footer); without one, the product icon and the name.
 */
export function BrandMark({
  brand,
  nameFrom = 'always',
  imageClassName,
}: {
  brand: Brand;
  nameFrom?: 'always' | 'sm';
  imageClassName?: string;
}) {
  if (!brand.logoUrl)
    return (
      <>
        <GraduationCap aria-hidden="true" className="size-7 shrink-0" />
        <span>{brand.appName}</span>
      </>
    );
  return (
    <>
      <img
        src={brand.logoUrl}
        alt={brand.appName}
        data-testid="brand-logo"
        className={cx('h-9 w-auto max-w-40 shrink-0 object-contain', imageClassName)}
      />
      <span aria-hidden="true" className={nameFrom === 'sm' ? 'hidden sm:inline' : undefined}>
        {brand.appName}
      </span>
    </>
  );
}
