import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { localePath } from '../i18n/language.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { cx } from './class-names.ts';
import type { LucideIcon } from './icons.tsx';

const SIZES = { md: 'min-h-11 gap-2', sm: 'min-h-9 gap-1.5' } as const;

/**
 * A text link at the foot of a card (a lesson's room, the chat with the other person): an icon,
 * then the words. `to` is an app path, opened in the page's language; `sm` is the tighter one of
 * the schedule's cards.
 */
export function CardLink({
  to,
  icon: Icon,
  size = 'md',
  label,
  testId,
  children,
}: {
  to: string;
  icon: LucideIcon;
  size?: keyof typeof SIZES;
  /** The accessible name, when the words alone do not say enough. */
  label?: string;
  testId?: string;
  children: ReactNode;
}) {
  const language = useCurrentLanguage();
  return (
    <Link
      to={localePath(language, to)}
      aria-label={label}
      className={cx(
        'inline-flex items-center self-start rounded-lg px-2 text-sm font-semibold text-primary hover:bg-primary/5 hover:underline focus-visible:outline-2 focus-visible:outline-primary',
        SIZES[size],
      )}
      data-testid={testId}
    >
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Link>
  );
}
