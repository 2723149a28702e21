import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Modal } from '../../../shared/ui/modal/modal.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { AdminForm, AmountField, useAdminForm } from '../ui/admin-form.tsx';
import { usePromoteUser } from './api/promote-user.ts';

/** The optional starting hourly rate: empty, or a KWD amount with at most 3 decimals. */
const promoteFormSchema = z.object({
  hourlyRate: z
    .string()
    .trim()
    .regex(/^(\d{1,7}(\.\d{1,3})?)?$/, 'invalid'),
});

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
  const form = useAdminForm({
    schema: promoteFormSchema,
    defaultValues: { hourlyRate: '' },
    onSave: async ({ hourlyRate }) => {
      await promote.mutateAsync(hourlyRate ? { hourlyRate } : {});
      void notify.success(t('user.promote.done'));
      onClose();
    },
  });
  const { reset } = form;

  useEffect(() => {
    if (open) reset({ hourlyRate: '' });
  }, [open, reset]);

  function close() {
    if (!promote.isPending) onClose();
  }

  return (
    <Modal open={open} onClose={close} size="md" title={t('user.promote.title')}>
      <AdminForm form={form} saving={promote.isPending} onCancel={close} submitText={t('user.promote.confirm')}>
        <p className="text-sm text-slate-700">{t('user.promote.body', { name })}</p>
        <AmountField
          form={form}
          name="hourlyRate"
          label={t('user.promote.rateLabel')}
          helperText={t('user.promote.rateHelp')}
          autoComplete="off"
        />
      </AdminForm>
    </Modal>
  );
}
