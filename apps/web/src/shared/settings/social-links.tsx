import type { ComponentType, SVGProps } from 'react';
import { cx } from '../ui/class-names.ts';

/** A social network the operator links to, as its settings field names it. */
export type SocialKey = 'linkedin' | 'twitter' | 'youtube' | 'instagram' | 'facebook';

/** One link to show: the network, its checked address and its icon. */
export type SocialLink = { key: SocialKey; url: string | null; Icon: ComponentType<SVGProps<SVGSVGElement>> };

const SIZES = {
  md: { link: 'size-11 transition-colors', icon: 'size-5' },
  sm: { link: 'size-9', icon: 'size-4' },
} as const;

/**
 * The operator's social links as round icon buttons (light on a dark footer), each opening in a new
 * tab and named by `label` for screen readers; `sm` in the settings preview.
 */
export function SocialLinks({
  links,
  label,
  size = 'md',
  className,
  testId,
}: {
  links: SocialLink[];
  label: (key: SocialKey) => string;
  size?: keyof typeof SIZES;
  className?: string;
  testId: string;
}) {
  const classes = SIZES[size];
  return (
    <ul className={cx('flex flex-wrap gap-2', className)} data-testid={testId}>
      {links.map(({ key, url, Icon }) => (
        <li key={key}>
          <a
            href={url ?? undefined}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={label(key)}
            data-social={key}
            className={cx(
              'inline-flex items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20',
              classes.link,
            )}
          >
            <Icon className={classes.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}
