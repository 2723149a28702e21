import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { buttonClasses, SubmitButton } from '../../shared/ui/button.tsx';
import { CircleX } from '../../shared/ui/icons.tsx';
import { Spinner } from '../../shared/ui/spinner.tsx';
import { AuthCard } from './auth-card.tsx';
import { EmailField, useEmailRequest } from './email-field.tsx';

/**
 * The screens of a mailed link's page (confirm e-mail, sign-in link): the wait while its hash is
 * checked, and the failure with a form that mails a new link.
 */

/** While the link is checked: a large spinner named by `label`, which also stands under it. */
export function LinkChecking({ icon, title, label }: { icon: ReactNode; title: string; label: string }) {
  return (
    <AuthCard icon={icon} title={title}>
      <div className="flex flex-col items-center gap-3 py-4 text-primary">
        <Spinner size="lg" label={label} />
        <p aria-hidden="true" className="text-slate-600">
          {label}
        </p>
      </div>
    </AuthCard>
  );
}

/** The link did not work: why (announced), the form for a new one (`children`), and the way home. */
export function LinkFailed({
  title,
  message,
  footer,
  children,
}: {
  title: string;
  message: string;
  footer?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('auth');
  const lang = useCurrentLanguage();
  return (
    <AuthCard tone="danger" icon={<CircleX className="size-7" />} title={title} footer={footer}>
      <div className="flex flex-col gap-6">
        <p role="alert" className="text-center leading-7 text-slate-700">
          {message}
        </p>
        {children}
        <Link to={localePath(lang)} className={buttonClasses({ variant: 'outline' })}>
          {t('common.goHome')}
        </Link>
      </div>
    </AuthCard>
  );
}

/**
 * "Send a new link": an e-mail field and `send`; once sent, `sentBody` and the address (the answer
 * reads the same for any e-mail). `failedKey` is the banner's text when nothing more precise is known.
 */
export function NewLinkForm({
  send,
  failedKey,
  texts,
}: {
  send: (email: string) => Promise<unknown>;
  failedKey: string;
  texts: { label: string; hint: string; sentBody: string; submit: string; submitting: string };
}) {
  const { sentTo, banner, onSubmit, submitting, emailField } = useEmailRequest(send, failedKey);
  if (sentTo !== null) {
    return (
      <p role="status" className="rounded-xl bg-emerald-50 p-4 text-center leading-7 text-emerald-900">
        {texts.sentBody} <bdi className="font-semibold">{sentTo}</bdi>
      </p>
    );
  }
  return (
    <form
      noValidate
      onSubmit={onSubmit}
      className="flex flex-col gap-4 border-t border-slate-100 pt-5"
      aria-label={texts.label}
    >
      <p className="text-sm leading-6 text-slate-600">{texts.hint}</p>
      {banner ? <Alert>{banner}</Alert> : null}
      <EmailField {...emailField} />
      <SubmitButton submitting={submitting} text={texts.submit} busyText={texts.submitting} />
    </form>
  );
}
