import type { EarningsSummary } from '@ustaz/contract';
import { kwdToFils } from '@ustaz/contract/kwd';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ltr } from '../../shared/lib/bidi.ts';
import { errorText, fieldErrorCodes } from '../../shared/lib/error-text.ts';
import { Button } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { notify } from '../../shared/ui/toast.tsx';
import { useRequestPayout } from './api/request-payout.ts';
import { ERROR_TEXTS } from './earnings-error-texts.ts';
import { useKwd } from './earnings-summary.tsx';
import { checkPayoutAmount, type PayoutAmountError } from './payout-amount.ts';

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
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<PayoutAmountError | null>(null);
  const [serverError, setServerError] = useState<string | null>(null);
  const availableFils = kwdToFils(summary.available);
  const limits = { min: kwd(summary.minimumPayout), max: kwd(summary.available) };

  function close() {
    if (request.isPending) return;
    setAmount('');
    setError(null);
    setServerError(null);
    onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    const check = checkPayoutAmount(amount, availableFils);
    if (!check.ok) {
      setError(check.error);
      return;
    }
    setError(null);
    setServerError(null);
    try {
      const created = await request.mutateAsync(check.amount);
      notify.success(t('payout.sent', { amount: kwd(created.amount) }));
      setAmount('');
      onClose();
    } catch (failure) {
      const text = errorText(failure, t, ERROR_TEXTS.earnings);
      if (Object.keys(fieldErrorCodes(failure)).length > 0) setServerError(text);
      else notify.error(text);
    }
  }

  return (
    <Modal open={open} onClose={close} size="md" title={t('payout.title')}>
      <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
        <TextInput
          label={t('payout.amount')}
          name="amount"
          inputMode="decimal"
          autoComplete="off"
          dir="ltr"
          required
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            setError(null);
            setServerError(null);
          }}
          helperText={t('payout.limits', limits)}
          error={error ? t(`payout.errors.${error}`, limits) : (serverError ?? undefined)}
        />
        <Button
          type="button"
          variant="ghost"
          size="sm"
          className="self-start"
          onClick={() => setAmount(summary.available)}
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
