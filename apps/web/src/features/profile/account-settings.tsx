import type { User } from '@ustaz/contract';
import { type ReactNode, useId, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { translate } from '../../shared/i18n/translate.ts';
import { errorText, fieldErrorKey } from '../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../shared/lib/server-field-errors.ts';
import { CurrentPasswordField, NewPasswordFields } from '../../shared/ui/account-fields.tsx';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { FormButtons } from '../../shared/ui/form-buttons.tsx';
import { KeyRound, type LucideIcon, Trash2 } from '../../shared/ui/icons.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useAccountForm } from '../../shared/ui/use-account-form.ts';
import { changePassword } from './api/change-password.ts';
import { deleteAccount } from './api/delete-account.ts';
import { ERROR_TEXTS } from './profile-error-texts.ts';
import { changePasswordSchema, PROFILE_VALIDATION_VALUES } from './profile-schemas.ts';
import { PushSettingsSection } from './push-settings.tsx';

/** The text of a refused call in the user's language: a wait, the network, a known code, or a fallback. */
function useFailureText() {
  const { t } = useTranslation('profile');
  return (error: unknown, fallbackKey: string) => errorText(error, t, ERROR_TEXTS.profileAccount, fallbackKey);
}

/** The profile's account part: a password change (e-mail accounts), notifications on this device and the account deletion. */
export function AccountSettings({ user }: { user: User }) {
  return (
    <>
      {user.provider === 'email' ? <ChangePasswordForm /> : null}
      <PushSettingsSection />
      <DeleteAccountSection user={user} />
    </>
  );
}

function ChangePasswordForm() {
  const { t } = useTranslation('profile');
  const failureText = useFailureText();
  const [banner, setBanner] = useState<string | null>(null);
  const form = useAccountForm(
    changePasswordSchema,
    { oldPassword: '', password: '', confirmPassword: '' },
    { t, values: PROFILE_VALIDATION_VALUES },
  );

  const onSubmit = form.handleSubmit(async (values) => {
    setBanner(null);
    try {
      await changePassword({ oldPassword: values.oldPassword, password: values.password });
      form.reset();
      void notify.success(t('security.changed'));
    } catch (error) {
      const message = fieldErrorKey(ERROR_TEXTS.profileSecurityFields);
      if (!applyServerFieldErrors(error, form.setError, ['oldPassword', 'password'], { message }))
        setBanner(failureText(error, 'security.failed'));
    }
  });

  return (
    <AccountSection tone="default" icon={KeyRound} title={t('security.title')} hint={t('security.hint')}>
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4" aria-label={t('security.title')}>
        {banner ? <Alert>{banner}</Alert> : null}
        <CurrentPasswordField {...form.field('oldPassword', t('security.oldPassword'))} />
        <div className="grid gap-4 sm:grid-cols-2">
          <NewPasswordFields
            password={form.field('password', t('security.newPassword'))}
            confirmPassword={form.field('confirmPassword', t('security.confirmPassword'))}
            rules={t('security.rules', PROFILE_VALIDATION_VALUES)}
          />
        </div>
        <div className="flex justify-end">
          <SubmitButton
            submitting={form.formState.isSubmitting}
            text={t('security.submit')}
            busyText={t('security.saving')}
          />
        </div>
      </form>
    </AccountSection>
  );
}

const SECTION_TONES = {
  default: {
    section: 'border-slate-200',
    heading: 'text-slate-900',
    icon: 'size-5 text-primary',
    hint: 'mt-1 text-sm text-slate-600',
  },
  danger: {
    section: 'border-red-200',
    heading: 'text-red-800',
    icon: 'size-5',
    hint: 'mt-1 text-sm leading-6 text-slate-600',
  },
} as const;

/** A card of the account part: an h2 with its icon (labelling the section), a hint, then its content. */
function AccountSection({
  tone,
  icon: Icon,
  title,
  hint,
  children,
}: {
  tone: keyof typeof SECTION_TONES;
  icon: LucideIcon;
  title: string;
  hint: string;
  children: ReactNode;
}) {
  const headingId = useId();
  const classes = SECTION_TONES[tone];
  return (
    <section
      aria-labelledby={headingId}
      className={cx('rounded-2xl border', classes.section, 'bg-white p-5 shadow-sm sm:p-8')}
    >
      <h2 id={headingId} className={cx('flex items-center gap-2 text-lg font-bold', classes.heading)}>
        <Icon aria-hidden="true" className={classes.icon} />
        {title}
      </h2>
      <p className={classes.hint}>{hint}</p>
      {children}
    </section>
  );
}

function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation('profile');
  const [open, setOpen] = useState(false);
  return (
    <AccountSection tone="danger" icon={Trash2} title={t('delete.title')} hint={t('delete.hint')}>
      <div className="mt-4 flex justify-end">
        <Button variant="destructive" onClick={() => setOpen(true)}>
          {t('delete.open')}
        </Button>
      </div>
      {open ? <DeleteAccountDialog user={user} onClose={() => setOpen(false)} /> : null}
    </AccountSection>
  );
}

type DeleteValues = { password: string; confirmation: string };

/**
 * The deletion's confirmation: the current password for an e-mail account, the confirmation
 * word for a Google one. On success the session ends here too and the user lands on home.
 */
function DeleteAccountDialog({ user, onClose }: { user: User; onClose: () => void }) {
  const { t } = useTranslation('profile');
  const auth = useAuth();
  const failureText = useFailureText();
  const messageId = useId();
  const withPassword = user.provider === 'email';
  const word = t('delete.word');
  const [banner, setBanner] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<DeleteValues>({ defaultValues: { password: '', confirmation: '' } });

  const onSubmit = handleSubmit(async (values) => {
    setBanner(null);
    if (withPassword && !values.password) {
      setError('password', { type: 'required', message: t('security.errors.required') });
      return;
    }
    if (!withPassword && values.confirmation.trim() !== word) {
      setError('confirmation', { type: 'validate', message: t('delete.wordMismatch', { word }) });
      return;
    }
    try {
      await deleteAccount(withPassword ? { password: values.password } : {});
    } catch (error) {
      const key = fieldErrorKey(ERROR_TEXTS.profileSecurityFields);
      const message = (code: string) => translate(t, key(code));
      if (!applyServerFieldErrors(error, setError, ['password'], { message }))
        setBanner(failureText(error, 'delete.failed'));
      return;
    }
    // Every session of the account has ended: sign out here too and land on home.
    onClose();
    await auth.logout();
    void notify.success(t('delete.done'));
  });

  return (
    <Modal
      open
      onClose={() => {
        if (!isSubmitting) onClose();
      }}
      size="sm"
      role="alertdialog"
      title={t('delete.confirmTitle')}
      describedBy={messageId}
    >
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4" aria-label={t('delete.confirmTitle')}>
        <p id={messageId} className="leading-7 text-slate-700">
          {t('delete.confirmMessage')}
        </p>
        {banner ? <Alert>{banner}</Alert> : null}
        {withPassword ? (
          <CurrentPasswordField
            registration={register('password')}
            label={t('delete.password')}
            error={errors.password?.message}
          />
        ) : (
          <TextInput
            {...register('confirmation')}
            label={t('delete.typeWord', { word })}
            autoComplete="off"
            required
            error={errors.confirmation?.message}
          />
        )}
        <FormButtons
          onCancel={onClose}
          cancelText={t('edit.cancel')}
          submitting={isSubmitting}
          submitText={t('delete.confirm')}
          variant="destructive"
        />
      </form>
    </Modal>
  );
}
