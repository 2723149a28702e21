import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

/**
 * The heading of a page: its h1 and the line under it, in a `header` (or a `div` when the page's
 * own header holds more); `subtitleClassName` adds to the line's classes.
 */
export function PageTitle({
  title,
  subtitle,
  as: Box = 'header',
  subtitleClassName,
  subtitleTestId,
}: {
  title: string;
  subtitle: ReactNode;
  as?: 'header' | 'div';
  subtitleClassName?: string;
  subtitleTestId?: string;
}) {
  return (
    <Box className="flex flex-col gap-2">
      <h1 className="text-3xl font-black text-slate-900">{title}</h1>
      <p className={cx(subtitleClassName, 'text-slate-600')} data-testid={subtitleTestId}>
        {subtitle}
      </p>
    </Box>
  );
}
