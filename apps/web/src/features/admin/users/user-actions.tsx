import type { AdminUserDetail } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { errorText } from '../../../shared/lib/error-text.ts';
import { Button, type ButtonVariant } from '../../../shared/ui/button.tsx';
import { GraduationCap, type LucideIcon, MailCheck, RotateCcw, UserRoundX } from '../../../shared/ui/icons.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from '../admin-error-texts.ts';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { useResendConfirmation } from './api/resend-confirmation.ts';
import { useRestoreUser } from './api/restore-user.ts';
import { useSuspendUser } from './api/suspend-user.ts';
import { PromoteDialog } from './promote-dialog.tsx';

type User = AdminUserDetail['user'];

/** The dialogs an action of the user page opens (the others run at once). */
export type UserDialog = 'promote' | 'suspend';

/** One of the page's buttons: shown where it applies, its words under `user.{key}`. */
type UserAction = {
  key: 'promote' | 'resend' | 'restore' | 'suspend';
  shown: boolean;
  variant?: ButtonVariant;
  Icon: LucideIcon;
  run: () => void;
  pending?: boolean;
};

/**
 * The account's actions, each where it applies: promote a student, resend the confirmation
 * e-mail, restore a suspended account, suspend one that is active (not an admin).
 */
export function UserActions({ user, onOpen }: { user: User; onOpen: (dialog: UserDialog) => void }) {
  const { t } = useTranslation('admin');
  const restore = useRestoreUser(user.id);
  const resend = useResendConfirmation(user.id);

  function runRestore() {
    restore.mutate(undefined, {
      onSuccess: () => void notify.success(t('user.restore.done')),
      onError: (error) => void notify.error(errorText(error, t, ERROR_TEXTS.admin)),
    });
  }

  function runResend() {
    resend.mutate(undefined, {
      onSuccess: () => void notify.success(t('user.resend.done')),
      onError: (error) => void notify.error(errorText(error, t, ERROR_TEXTS.admin)),
    });
  }

  const canPromote = user.roleId === ROLE.student;
  const canSuspend = user.roleId !== ROLE.admin && user.status === 'active';
  const canResend = !user.emailConfirmed && user.provider === 'email';
  const actions: UserAction[] = [
    { key: 'promote', shown: canPromote, variant: 'outline', Icon: GraduationCap, run: () => onOpen('promote') },
    { key: 'resend', shown: canResend, variant: 'outline', Icon: MailCheck, run: runResend, pending: resend.isPending },
    {
      key: 'restore',
      shown: user.status === 'suspended',
      Icon: RotateCcw,
      run: runRestore,
      pending: restore.isPending,
    },
    { key: 'suspend', shown: canSuspend, variant: 'destructive', Icon: UserRoundX, run: () => onOpen('suspend') },
  ];

  return (
    <>
      {actions.map((action) =>
        action.shown ? (
          <Button key={action.key} variant={action.variant} onClick={action.run} loading={action.pending}>
            <action.Icon aria-hidden="true" className="size-4" />
            {t(`user.${action.key}.action`)}
          </Button>
        ) : null,
      )}
    </>
  );
}

/** The promotion and the suspension (with its reason), each in its dialog. */
export function UserDialogs({
  user,
  name,
  dialog,
  onClose,
}: {
  user: User;
  name: string;
  dialog: UserDialog | null;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const suspend = useSuspendUser(user.id);

  async function confirmSuspend(reason: string) {
    try {
      await suspend.mutateAsync(reason);
      void notify.success(t('user.suspend.done'));
    } catch (error) {
      void notify.error(errorText(error, t, ERROR_TEXTS.admin));
      throw error;
    }
  }

  return (
    <>
      <PromoteDialog open={dialog === 'promote'} userId={user.id} name={name} onClose={onClose} />
      <ReasonDialog
        open={dialog === 'suspend'}
        title={t('user.suspend.title')}
        message={t('user.suspend.body', { name })}
        confirmText={t('user.suspend.confirm')}
        onClose={onClose}
        onConfirm={confirmSuspend}
      />
    </>
  );
}
