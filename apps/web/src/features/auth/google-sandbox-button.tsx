import { useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../shared/ui/button.tsx';
import { FormButtons } from '../../shared/ui/form-buttons.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { sandboxGoogleIdToken } from './api/google-sandbox-token.ts';

/** Google's "G", for the sandbox's button (the real button draws its own). */
function GoogleMark() {
  return (
    <svg aria-hidden="true" viewBox="0 0 48 48" className="size-5 shrink-0">
      <path
        fill="#FFC107"
        d="M43.6 20.5H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.4-.4-3.5z"
      />
      <path
        fill="#FF3D00"
        d="m6.3 14.7 6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-8l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.5H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.4-.4-3.5z"
      />
    </svg>
  );
}

/** The sandbox account's fields, by their input names (kept apart from the sign-in form's own). */
type SandboxAccount = Record<'google-sandbox-email' | 'google-sandbox-firstName' | 'google-sandbox-lastName', string>;

/**
 * Google sign-in on the local sandbox (ADR 027), shown when the settings carry the sandbox client
 * id: the button opens the sandbox's account form (address and names) in place of Google's
 * chooser; the server signs an ID token for it, which goes to onCredential as Google's would.
 */
export function GoogleSandboxButton({
  busy,
  onCredential,
}: {
  busy: boolean;
  onCredential: (idToken: string) => void;
}) {
  const { t } = useTranslation('auth');
  const [open, setOpen] = useState(false);
  const [failed, setFailed] = useState(false);
  const titleId = useId();
  // Every field is required (the browser's own check, as before the form had any other).
  const {
    register,
    handleSubmit,
    formState: { isSubmitting: signing },
  } = useForm<SandboxAccount>({
    defaultValues: { 'google-sandbox-email': '', 'google-sandbox-firstName': '', 'google-sandbox-lastName': '' },
  });

  if (!open) {
    return (
      <Button
        variant="outline"
        className="w-full"
        onClick={() => setOpen(true)}
        loading={busy}
        data-testid="google-sandbox-button"
      >
        <GoogleMark />
        {t('google.sandbox.button')}
      </Button>
    );
  }

  const submit = handleSubmit(async (account) => {
    setFailed(false);
    try {
      const trimmed = {
        email: account['google-sandbox-email'].trim(),
        firstName: account['google-sandbox-firstName'].trim(),
        lastName: account['google-sandbox-lastName'].trim(),
      };
      onCredential(await sandboxGoogleIdToken(trimmed));
    } catch {
      setFailed(true);
    }
  });

  const field = (name: 'email' | 'firstName' | 'lastName') => ({
    ...register(`google-sandbox-${name}`),
    required: true,
    disabled: signing || busy,
  });

  return (
    <form
      aria-labelledby={titleId}
      onSubmit={(event) => void submit(event)}
      className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-slate-50 p-4"
      data-testid="google-sandbox-form"
    >
      <h2 id={titleId} className="flex items-center gap-2 font-bold text-slate-900">
        <GoogleMark />
        {t('google.sandbox.title')}
      </h2>
      <p className="text-sm text-slate-600">{t('google.sandbox.hint')}</p>
      <TextInput label={t('fields.email')} type="email" dir="ltr" autoComplete="email" {...field('email')} />
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput label={t('fields.firstName')} autoComplete="given-name" {...field('firstName')} />
        <TextInput label={t('fields.lastName')} autoComplete="family-name" {...field('lastName')} />
      </div>
      {failed ? (
        <p role="alert" className="text-sm text-red-700">
          {t('google.sandbox.failed')}
        </p>
      ) : null}
      <FormButtons
        onCancel={() => setOpen(false)}
        cancelText={t('google.sandbox.cancel')}
        cancelVariant="ghost"
        submitting={signing || busy}
        submitText={t('google.sandbox.submit')}
      />
    </form>
  );
}
