import { zodResolver } from '@hookform/resolvers/zod';
import { ADMIN_LIMITS } from '@ustaz/contract';
import { type ReactNode, useId } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { FormActions } from './form-fields.tsx';

/** A reason the audit log can use: at least ADMIN_LIMITS.reasonMin characters once trimmed. */
const reasonSchema = z.object({ reason: z.string().trim().min(ADMIN_LIMITS.reasonMin, 'tooShort') });

/**
 * Asks for the reason of an action that needs one (suspend, refund, cancel, hide): the reason is
 * written to the audit log. `onConfirm` may reject: the dialog stays open with what was typed.
 */
export function ReasonDialog({
  open,
  title,
  message,
  confirmText,
  variant = 'destructive',
  label,
  onClose,
  onConfirm,
  singleLine,
  children,
}: {
  open: boolean;
  title: string;
  message?: ReactNode;
  confirmText: string;
  variant?: 'destructive' | 'primary';
  /** The field's label when it is not a reason (a bank reference); it is audited all the same. */
  label?: string;
  onClose: () => void;
  onConfirm: (reason: string) => Promise<unknown>;
  /** A one-line field of this length instead of the reason's text area (a bank reference). */
  singleLine?: { maxLength: number };
  /** Extra fields above the reason (an amount). */
  children?: ReactNode;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting: pending },
  } = useForm({ resolver: zodResolver(reasonSchema), defaultValues: { reason: '' } });
  const invalid = errors.reason !== undefined;

  function close() {
    if (pending) return;
    reset();
    onClose();
  }

  const submit = handleSubmit(async ({ reason }) => {
    try {
      await onConfirm(reason);
      reset();
      onClose();
    } catch {
      // The caller showed the error; keep the dialog and the text.
    }
  });

  const field = {
    ...register('reason'),
    id: `${id}-reason`,
    dir: 'auto',
    required: true,
    maxLength: ADMIN_LIMITS.reasonMax,
    'aria-invalid': invalid,
    'aria-describedby': invalid ? `${id}-error` : undefined,
    className:
      'rounded-lg border border-slate-300 px-3 py-2 text-sm focus-visible:outline-2 focus-visible:outline-primary aria-invalid:border-red-700',
  };

  return (
    <Modal open={open} onClose={close} size="md" title={title}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        {message ? <div className="text-sm text-slate-700">{message}</div> : null}
        {children}
        <div className="flex flex-col gap-1">
          <label htmlFor={`${id}-reason`} className="text-sm font-semibold text-slate-800">
            {label ?? t('reason.label')}
            <span aria-hidden="true" className="text-red-700">
              {' '}
              *
            </span>
          </label>
          {singleLine ? (
            <input type="text" {...field} maxLength={singleLine.maxLength} />
          ) : (
            <textarea {...field} rows={3} />
          )}
          {invalid ? (
            <p id={`${id}-error`} className="text-sm text-red-700">
              {t('reason.tooShort', { min: ADMIN_LIMITS.reasonMin })}
            </p>
          ) : null}
        </div>
        <FormActions pending={pending} onCancel={close} submitText={confirmText} variant={variant} />
      </form>
    </Modal>
  );
}
