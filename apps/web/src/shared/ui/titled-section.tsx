import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

const HEADING_SIZES = { xl: 'text-xl', lg: 'text-lg' } as const;

/**
 * A white boxed section of a page, named by its h2 (`titleId`): the heading (an icon before it, a
 * line under it), `actions` at its far end when given, then `children`. `className` sets the box's
 * spacing (gap, padding, shadow).
 */
export function TitledSection({
  titleId,
  title,
  icon,
  subtitle,
  actions,
  size = 'xl',
  className,
  testId,
  children,
}: {
  titleId: string;
  title: string;
  icon?: ReactNode;
  subtitle?: string;
  actions?: ReactNode;
  size?: keyof typeof HEADING_SIZES;
  className: string;
  testId?: string;
  children: ReactNode;
}) {
  const heading = (
    <h2
      id={titleId}
      className={cx('font-bold text-slate-900', HEADING_SIZES[size], icon ? 'flex items-center gap-2' : null)}
    >
      {icon}
      {title}
    </h2>
  );
  const titled = subtitle ? (
    <div>
      {heading}
      <p className="text-sm text-slate-600">{subtitle}</p>
    </div>
  ) : (
    heading
  );
  return (
    <section
      aria-labelledby={titleId}
      className={cx('flex flex-col rounded-2xl border border-slate-200 bg-white', className)}
      data-testid={testId}
    >
      {actions ? (
        <div className="flex flex-wrap items-center justify-between gap-3">
          {titled}
          {actions}
        </div>
      ) : (
        titled
      )}
      {children}
    </section>
  );
}
