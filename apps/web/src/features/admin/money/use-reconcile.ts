import { useTranslation } from 'react-i18next';
import { isolate } from '../../../shared/lib/bidi.ts';
import { errorText } from '../../../shared/lib/error-text.ts';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS } from './admin-money-error-texts.ts';
import { useReconcilePayment } from './api/reconcile-payment.ts';

/**
 * Settles a payment from its gateway's answer and says so in a toast (`done` names the payment and
 * its new status), or why not. `busy(id)` while that payment is being settled.
 */
export function useReconcile(done: 'reconcile.done' | 'reconciliation.settled') {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const mutation = useReconcilePayment();
  function run(id: string) {
    mutation.mutate(id, {
      onSuccess: (payment) =>
        void notify.success(t(done, { id: isolate(payment.id), status: t(`paymentStatus.${payment.status}`) })),
      onError: (error) =>
        void notify.error(
          errorText(error, t, ERROR_TEXTS.adminMoney, () => errorText(error, tAdmin, ERROR_TEXTS.admin)),
        ),
    });
  }
  return { run, pending: mutation.isPending, busy: (id: string) => mutation.isPending && mutation.variables === id };
}
