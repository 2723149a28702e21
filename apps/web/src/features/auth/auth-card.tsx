import type { ReactNode } from 'react';
import { cx } from '../../shared/ui/class-names.ts';

const TONES = {
  primary: 'bg-primary/10 text-primary',
  success: 'bg-emerald-50 text-emerald-700',
  danger: 'bg-red-50 text-red-700',
} as const;

/** The frame of every account screen: a centred card with an optional icon, the h1 and a footer line. */
export function AuthCard({
  icon,
  tone = 'primary',
  title,
  subtitle,
  children,
  footer,
}: {
  icon?: ReactNode;
  /** The colour of the icon's disc: success and failure screens stand out. */
  tone?: keyof typeof TONES;
  title: ReactNode;
  subtitle?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <section className="px-4 py-10 sm:py-16">
      <div className="mx-auto w-full max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        {icon ? (
          <div
            aria-hidden="true"
            className={cx('mx-auto mb-4 flex size-14 items-center justify-center rounded-full', TONES[tone])}
          >
            {icon}
          </div>
        ) : null}
        <h1 className="text-center text-2xl font-extrabold text-slate-900">{title}</h1>
        {subtitle ? <p className="mt-2 text-center leading-7 text-slate-600">{subtitle}</p> : null}
        {children ? <div className="mt-6">{children}</div> : null}
      </div>
      {footer ? <div className="mx-auto mt-6 max-w-md text-center text-sm text-slate-600">{footer}</div> : null}
    </section>
  );
}

/** "or" between the e-mail form and the Google button. */
export function Divider({ label }: { label: string }) {
  return (
    <div className="my-6 flex items-center gap-3 text-sm text-slate-500">
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
      <span>{label}</span>
      <span aria-hidden="true" className="h-px flex-1 bg-slate-200" />
    </div>
  );
}
