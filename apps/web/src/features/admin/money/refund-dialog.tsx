import { ADMIN_LIMITS } from '@ustaz/contract';
import type { ParseKeys } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate } from '../../../shared/lib/bidi.ts';
import { errorText, fieldErrorCodes } from '../../../shared/lib/error-text.ts';
import { formatKwd } from '../../../shared/lib/format.ts';
import { newIdempotencyKey } from '../../../shared/money/idempotency-key.ts';
import { TextInput, type TextInputProps } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ReasonDialog } from '../ui/reason-dialog.tsx';
import { ERROR_TEXTS } from './admin-money-error-texts.ts';
import { useCreateRefund } from './api/create-refund.ts';
import { checkRefundAmount, parseUserId, type RefundAmountError } from './refund-amount.ts';

/** What a refund starts from: nothing (the ledger's button), a user, or a payment. */
export type RefundTarget = { userId?: number; amount?: string; paymentId?: string };

type FieldErrors = { userId?: string; amount?: string };

/** The field codes of the server (422) this dialog shows under its fields or as a sentence. */
const SERVER_FIELD_TEXT: Record<string, Record<string, ParseKeys<'admin-money'>>> = {
  userId: { notFound: 'refund.errors.userNotFound' },
  paymentId: { notFound: 'refund.errors.paymentNotFound', invalid: 'refund.errors.paymentOtherUser' },
  reservationId: { notFound: 'refund.errors.reservationNotFound', invalid: 'refund.errors.reservationOtherUser' },
  idempotencyKey: { idempotencyKeyReused: 'refund.errors.keyReused' },
};

/**
 * A manual refund to a user's wallet: user id, amount and the required reason. Mount it once per
 * opening (render it only while open): its Idempotency-Key is made when it mounts, so a retry
 * after a lost answer cannot refund twice.
 */
export function RefundDialog({ target, onClose }: { target: RefundTarget; onClose: () => void }) {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [userId, setUserId] = useState(target.userId ? String(target.userId) : '');
  const [amount, setAmount] = useState(target.amount ?? '');
  const [errors, setErrors] = useState<FieldErrors>({});
  const refund = useCreateRefund();
  const max = formatKwd(ADMIN_LIMITS.maxRefundKwd, language) ?? String(ADMIN_LIMITS.maxRefundKwd);

  const failureText = (error: unknown) =>
    errorText(error, t, ERROR_TEXTS.adminMoney, () => errorText(error, tAdmin, ERROR_TEXTS.admin));

  /** A field's change: keeps the text and clears that field's error. */
  const edit = (field: keyof FieldErrors, set: (value: string) => void) => (value: string) => {
    set(value);
    if (errors[field]) setErrors({ ...errors, [field]: undefined });
  };

  /** One of the two fields (left to right, required): its text, and the error under it. */
  const field = (
    name: keyof FieldErrors,
    value: string,
    set: (value: string) => void,
    props: Omit<TextInputProps, 'name' | 'label' | 'value' | 'onValueChange' | 'error'>,
  ) => (
    <TextInput
      name={name}
      label={t(`refund.${name}`)}
      value={value}
      onValueChange={edit(name, set)}
      dir="ltr"
      required
      {...props}
      error={errors[name]}
    />
  );

  function amountError(code: RefundAmountError) {
    return t(`refund.errors.${code}`, { max });
  }

  async function confirm(reason: string) {
    const user = parseUserId(userId);
    const checked = checkRefundAmount(amount);
    const problems: FieldErrors = {};
    if (user === null) problems.userId = t('refund.errors.userId');
    if (!checked.ok) problems.amount = amountError(checked.error);
    setErrors(problems);
    if (user === null || !checked.ok) throw new Error('invalid refund form');
    try {
      const answer = await refund.mutateAsync({
        body: {
          userId: user,
          amount: checked.amount,
          reason,
          ...(target.paymentId ? { paymentId: target.paymentId } : {}),
        },
        idempotencyKey,
      });
      void notify.success(
        t('refund.done', {
          amount: formatKwd(checked.amount, language) ?? checked.amount,
          balance: formatKwd(answer.balance, language) ?? answer.balance,
        }),
      );
    } catch (error) {
      const fields = fieldErrorCodes(error);
      const shown: FieldErrors = {};
      let sentence: string | null = null;
      for (const [field, code] of Object.entries(fields)) {
        const key = SERVER_FIELD_TEXT[field]?.[code];
        if (field === 'userId') shown.userId = key ? t(key) : failureText(error);
        else if (field === 'amount') shown.amount = amountError(code === 'tooBig' ? 'tooBig' : 'invalidAmount');
        else if (key) sentence ??= t(key);
      }
      setErrors(shown);
      void notify.error(sentence ?? shown.userId ?? shown.amount ?? failureText(error));
      throw error;
    }
  }

  return (
    <ReasonDialog
      open
      title={t('refund.title')}
      message={t('refund.message')}
      confirmText={t('refund.confirm')}
      variant="primary"
      onClose={onClose}
      onConfirm={confirm}
    >
      {target.paymentId ? (
        <p className="rounded-lg bg-slate-50 px-3 py-2 text-sm text-slate-700" data-testid="refund-payment">
          {target.amount
            ? t('refund.forPaymentAmount', {
                id: isolate(target.paymentId),
                amount: formatKwd(target.amount, language) ?? target.amount,
              })
            : t('refund.forPayment', { id: isolate(target.paymentId) })}
        </p>
      ) : null}
      {field('userId', userId, setUserId, { inputMode: 'numeric', maxLength: 9, readOnly: Boolean(target.paymentId) })}
      {field('amount', amount, setAmount, {
        inputMode: 'decimal',
        maxLength: 12,
        helperText: t('refund.amountHelp', { max }),
      })}
    </ReasonDialog>
  );
}
