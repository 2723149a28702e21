import type { FormEventHandler, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { buttonClasses, SubmitButton } from '../../shared/ui/button.tsx';
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

/**
 * The form of an account screen, labelled by the screen's title: its fields, then a large submit
 * button that reads `busyText` while the form is sent.
 */
export function AuthForm({
  label,
  onSubmit,
  submitting,
  text,
  busyText,
  disabled,
  children,
}: {
  label: string;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitting: boolean;
  text: string;
  busyText: string;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <form noValidate onSubmit={onSubmit} className="mt-4 flex flex-col gap-4" aria-label={label}>
      {children}
      <SubmitButton size="lg" submitting={submitting} disabled={disabled} text={text} busyText={busyText} />
    </form>
  );
}

/** A text link of the account screens to an app path in the current language, after an optional `prompt`. */
export function AuthLink({ to, prompt, children }: { to: string; prompt?: string; children: ReactNode }) {
  const lang = useCurrentLanguage();
  const link = (
    <Link to={localePath(lang, to)} className="font-semibold text-primary hover:underline">
      {children}
    </Link>
  );
  return prompt ? (
    <>
      {prompt} {link}
    </>
  ) : (
    link
  );
}

/** The footer line of the screens a user may leave for the login page: "Back to login". */
export function BackToLogin() {
  const { t } = useTranslation('auth');
  return <AuthLink to="/login">{t('common.backToLogin')}</AuthLink>;
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

/**
 * A screen saying something worked: the message (announced), then a large link to the login page
 * ("Go to login" unless `linkText` says otherwise; `replace` replaces this page in the history).
 */
export function AuthSuccess({
  icon,
  title,
  linkText,
  replace,
  children,
  after,
}: {
  icon: ReactNode;
  title: ReactNode;
  linkText?: string;
  replace?: boolean;
  children: ReactNode;
  /** Below the link (another way on). */
  after?: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard tone="success" icon={icon} title={title}>
      <div role="status" className="flex flex-col gap-6 text-center">
        {children}
        <Link
          to={localePath(lang, '/login')}
          replace={replace}
          className={buttonClasses({ variant: 'primary', size: 'lg' })}
        >
          {linkText ?? t('common.goToLogin')}
        </Link>
        {after}
      </div>
    </AuthCard>
  );
}

/** "We sent a link to <address>", with a hint under it (sign-up, forgotten password). */
export function MailSent({ body, email, hint }: { body: string; email: string; hint: string }) {
  return (
    <>
      <p className="leading-7 text-slate-700">
        {body} <bdi className="font-semibold text-slate-900">{email}</bdi>
      </p>
      <p className="text-sm leading-6 text-slate-500">{hint}</p>
    </>
  );
}
