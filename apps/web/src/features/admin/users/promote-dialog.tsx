import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEvent, useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ERROR_TEXTS, errorText, fieldErrorText } from '../../../shared/lib/error-text.ts';
import { applyServerFieldErrors } from '../../../shared/lib/server-field-errors.ts';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { FormActions } from '../ui/form-fields.tsx';
import { usePromoteUser } from './api/promote-user.ts';

/** The optional starting hourly rate: empty, or a KWD amount with at most 3 decimals. */
const promoteFormSchema = z.object({
  hourlyRate: z
    .string()
    .trim()
    .regex(/^(\d{1,7}(\.\d{1,3})?)?$/, 'invalid'),
});
type PromoteForm = z.input<typeof promoteFormSchema>;

/**
 * Makes a student a teacher. The new profile is not approved: it stays out of search until an
 * admin approves it on the teachers page.
 */
export function PromoteDialog({
  open,
  userId,
  name,
  onClose,
}: {
  open: boolean;
  userId: number;
  name: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('admin');
  const promote = usePromoteUser(userId);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<PromoteForm>({ resolver: zodResolver(promoteFormSchema), defaultValues: { hourlyRate: '' } });

  useEffect(() => {
    if (open) reset({ hourlyRate: '' });
  }, [open, reset]);

  const submit = handleSubmit(async ({ hourlyRate }) => {
    try {
      await promote.mutateAsync(hourlyRate ? { hourlyRate } : {});
      void notify.success(t('user.promote.done'));
      onClose();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['hourlyRate']))
        void notify.error(errorText(error, t, ERROR_TEXTS.admin));
    }
  });

  function close() {
    if (!promote.isPending) onClose();
  }

  return (
    <Modal open={open} onClose={close} size="md" title={t('user.promote.title')}>
      <form onSubmit={(event: FormEvent) => void submit(event)} noValidate className="flex flex-col gap-4">
        <p className="text-sm text-slate-700">{t('user.promote.body', { name })}</p>
        <TextInput
          {...register('hourlyRate')}
          label={t('user.promote.rateLabel')}
          helperText={t('user.promote.rateHelp')}
          inputMode="decimal"
          dir="ltr"
          autoComplete="off"
          error={fieldErrorText(errors.hourlyRate?.message, t)}
        />
        <FormActions pending={promote.isPending} onCancel={close} submitText={t('user.promote.confirm')} />
      </form>
    </Modal>
  );
}
