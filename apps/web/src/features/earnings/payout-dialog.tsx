import { zodResolver } from '@hookform/resolvers/zod';
import type { EarningsSummary } from '@ustaz/contract';
import { kwdToFils } from '@ustaz/contract/kwd';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translate } from '../../shared/i18n/translate.ts';
import { ltr } from '../../shared/lib/bidi.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { AmountInput } from '../../shared/ui/amount-input.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useRequestPayout } from './api/request-payout.ts';
import { ERROR_TEXTS } from './earnings-error-texts.ts';
import { useKwd } from './earnings-summary.tsx';
import { checkPayoutAmount } from './payout-amount.ts';

/** The amount as typed, read and checked by checkPayoutAmount (the contract's schema): the amount to send, or why not. */
function payoutSchema(availableFils: number) {
  return z.object({
    amount: z.string().transform((typed, context) => {
      const check = checkPayoutAmount(typed, availableFils);
      if (check.ok) return check.amount;
      context.addIssue({ code: 'custom', message: check.error });
      return z.NEVER;
    }),
  });
}

/**
 * Asks for a payout: the amount (Arabic-Indic digits accepted), between the minimum and what is
 * available (both shown), to the saved account (its masked IBAN shown). The server checks again.
 */
export function PayoutDialog({
  open,
  summary,
  maskedIban,
  onClose,
}: {
  open: boolean;
  summary: EarningsSummary;
  maskedIban: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('earnings');
  const kwd = useKwd();
  const request = useRequestPayout();
  const limits = { min: kwd(summary.minimumPayout), max: kwd(summary.available) };
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    reset,
    formState: { errors },
  } = useForm({ resolver: zodResolver(payoutSchema(kwdToFils(summary.available))), defaultValues: { amount: '' } });
  const error = errors.amount;

  function close() {
    if (request.isPending) return;
    reset();
    onClose();
  }

  const submit = handleSubmit(async ({ amount }) => {
    try {
      const created = await request.mutateAsync(amount);
      notify.success(t('payout.sent', { amount: kwd(created.amount) }));
      reset();
      onClose();
    } catch (failure) {
      const text = errorText(failure, t, ERROR_TEXTS.earnings);
      // A refused amount says why under the field (the server's words), anything else in a toast.
      if (Object.keys(fieldErrorCodes(failure)).length > 0) setError('amount', { type: 'server', message: text });
      else notify.error(text);
    }
  });

  return (
    <Modal open={open} onClose={close} size="md" title={t('payout.title')}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <AmountInput
          {...register('amount')}
          label={t('payout.amount')}
          required
          helperText={t('payout.limits', limits)}
          error={
            error?.type === 'server'
              ? error.message
              : error
                ? translate(t, `payout.errors.${error.message}`, limits)
                : undefined
          }
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => setValue('amount', summary.available)}
        >
          {t('payout.all')}
        </Button>
        <p className="text-sm text-slate-600">{t('payout.destination', { iban: ltr(maskedIban) })}</p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button type="button" variant="ghost" onClick={close}>
            {t('payout.cancel')}
          </Button>
          <Button type="submit" loading={request.isPending}>
            {t('payout.submit')}
          </Button>
        </div>
      </form>
    </Modal>
  );
}
