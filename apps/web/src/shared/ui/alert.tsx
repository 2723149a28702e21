import type { ReactNode } from 'react';
import { cx } from './class-names.ts';
import { CircleAlert, CircleCheck, Info } from './icons.tsx';

export type AlertVariant = 'error' | 'success' | 'info';

const VARIANTS: Record<AlertVariant, { classes: string; Icon: typeof Info }> = {
  error: { classes: 'border-red-200 bg-red-50 text-red-800', Icon: CircleAlert },
  success: { classes: 'border-emerald-200 bg-emerald-50 text-emerald-800', Icon: CircleCheck },
  info: { classes: 'border-sky-200 bg-sky-50 text-sky-800', Icon: Info },
};

/** A banner for a form's general message; errors are announced (role="alert"), others politely. */
export function Alert({
  variant = 'error',
  title,
  children,
  className,
}: {
  variant?: AlertVariant;
  title?: ReactNode;
  children?: ReactNode;
  className?: string;
}) {
  const { classes, Icon } = VARIANTS[variant];
  return (
    <div
      role={variant === 'error' ? 'alert' : 'status'}
      className={cx('flex items-start gap-3 rounded-lg border p-3 text-sm leading-6', classes, className)}
    >
      <Icon aria-hidden="true" className="mt-0.5 size-5 shrink-0" />
      <div className="min-w-0 flex-1">
        {title ? <p className="font-bold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
