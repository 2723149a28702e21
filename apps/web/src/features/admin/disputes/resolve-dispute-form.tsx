import { useQueryClient } from '@tanstack/react-query';
import {
  type AdminDispute,
  type DisputeOutcome,
  RESOLUTION_NOTE_MAX_LENGTH,
  type ResolveDisputeBody,
} from '@ustaz/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../../shared/i18n/use-current-language.ts';
import { isolate } from '../../../shared/lib/bidi.ts';
import { errorCode, errorText, fieldErrorCodes } from '../../../shared/lib/error-text.ts';
import { formatKwd } from '../../../shared/lib/format.ts';
import { Alert } from '../../../shared/ui/alert.tsx';
import { Button } from '../../../shared/ui/button.tsx';
import { RadioOption } from '../../../shared/ui/radio-option.tsx';
import { TextInput } from '../../../shared/ui/text-input.tsx';
import { notify } from '../../../shared/ui/toast.tsx';
import { ERROR_TEXTS as ADMIN_TEXTS } from '../admin-error-texts.ts';
import { TextAreaField } from '../ui/text-area-field.tsx';
import { ADMIN_DISPUTES_QUERY_KEY, useResolveDispute } from './api/disputes.ts';
import { checkPartRefund, type PartRefundError } from './dispute-amount.ts';
import { ERROR_TEXTS } from './disputes-error-texts.ts';

/** The admin's three decisions: the held earning to the teacher, or money back to the student. */
export const DECISIONS = ['release', 'refundFull', 'refundPart'] as const;
export type Decision = (typeof DECISIONS)[number];

type Errors = { decision?: string; amount?: string; note?: string };

/** A decision as the API takes it, once the form's fields are valid. */
function bodyOf(decision: Decision, amount: string | null, note: string): ResolveDisputeBody {
  const outcome: DisputeOutcome = decision === 'release' ? 'release' : 'refund';
  return decision === 'refundPart' && amount ? { outcome, amount, note } : { outcome, note };
}

/**
 * Resolving an open dispute: pick the decision (release to the teacher, refund in full, refund part
 * with an amount up to what was paid, Arabic digits and ٫ accepted), write the required note (audited),
 * then confirm a sentence that says exactly what will happen. 409 and 422 answers are shown here.
 */
export function ResolveDisputeForm({
  dispute,
  onBusy,
  onDone,
}: {
  dispute: AdminDispute;
  onBusy: (busy: boolean) => void;
  onDone: () => void;
}) {
  const { t } = useTranslation('admin-money');
  const { t: tAdmin } = useTranslation('admin');
  const language = useCurrentLanguage();
  const id = useId();
  const resolve = useResolveDispute();
  const queryClient = useQueryClient();
  const [decision, setDecision] = useState<Decision | null>(null);
  const [amount, setAmount] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ResolveDisputeBody | null>(null);
  const paid = formatKwd(dispute.paid, language) ?? dispute.paid;

  const amountText = (code: PartRefundError) => t(`disputes.amountErrors.${code}`, { paid });

  function check(event: FormEvent) {
    event.preventDefault();
    setFailure(null);
    const problems: Errors = {};
    const trimmed = note.trim();
    let part: string | null = null;
    if (decision === null) problems.decision = t('disputes.form.decisionRequired');
    if (decision === 'refundPart') {
      const checked = checkPartRefund(amount, dispute.paid);
      if (checked.ok) part = checked.amount;
      else problems.amount = amountText(checked.error);
    }
    if (trimmed.length === 0) problems.note = t('disputes.form.noteRequired');
    setErrors(problems);
    if (decision === null || Object.keys(problems).length > 0) return;
    setConfirming(bodyOf(decision, part, trimmed));
  }

  async function confirm() {
    if (!confirming) return;
    onBusy(true);
    try {
      const answer = await resolve.mutateAsync({ id: dispute.id, body: confirming });
      void notify.success(
        answer.status === 'refunded'
          ? t('disputes.done.refunded', {
              amount: formatKwd(answer.refundAmount ?? dispute.paid, language) ?? answer.refundAmount ?? dispute.paid,
            })
          : t('disputes.done.released'),
      );
      onDone();
    } catch (error) {
      const fields = fieldErrorCodes(error);
      const text = errorText(error, t, ERROR_TEXTS.adminDisputes, () => errorText(error, tAdmin, ADMIN_TEXTS.admin));
      if (fields.amount) setErrors({ amount: text });
      setFailure(text);
      setConfirming(null);
      if (errorCode(error) === 'disputeAlreadyResolved') {
        // Decided meanwhile: say so, and read the dispute again (the form gives way to the decision).
        void notify.error(text);
        void queryClient.invalidateQueries({ queryKey: ADMIN_DISPUTES_QUERY_KEY });
      }
    } finally {
      onBusy(false);
    }
  }

  if (confirming) {
    const student = isolate(dispute.studentName);
    const teacher = isolate(dispute.teacherName);
    const sentence =
      confirming.outcome === 'release'
        ? t('disputes.confirm.release', { teacher, student })
        : confirming.amount
          ? t('disputes.confirm.refundPart', {
              amount: formatKwd(confirming.amount, language) ?? confirming.amount,
              paid,
              student,
            })
          : t('disputes.confirm.refundFull', { amount: paid, student });
    return (
      <section
        className="flex flex-col gap-3 rounded-xl border border-amber-300 bg-amber-50 p-4"
        aria-labelledby={`${id}-confirm`}
        data-testid="dispute-confirm"
      >
        <h3 id={`${id}-confirm`} className="text-base font-bold text-slate-900">
          {t('disputes.confirm.title')}
        </h3>
        <p className="text-sm text-slate-800">{sentence}</p>
        <p className="text-sm text-slate-700">
          {t('disputes.confirm.note')} <bdi dir="auto">{confirming.note}</bdi>
        </p>
        <div className="flex flex-wrap justify-end gap-2">
          <Button variant="outline" onClick={() => setConfirming(null)} disabled={resolve.isPending}>
            {t('disputes.confirm.back')}
          </Button>
          <Button
            variant={confirming.outcome === 'release' ? 'primary' : 'destructive'}
            loading={resolve.isPending}
            onClick={() => void confirm()}
          >
            {t('disputes.confirm.submit')}
          </Button>
        </div>
      </section>
    );
  }

  return (
    <form
      onSubmit={check}
      noValidate
      className="flex flex-col gap-4 rounded-xl border border-slate-200 p-4"
      aria-labelledby={`${id}-title`}
      data-testid="resolve-dispute"
    >
      <h3 id={`${id}-title`} className="text-sm font-bold text-slate-900">
        {t('disputes.form.title')}
      </h3>
      <fieldset className="flex flex-col gap-1" aria-describedby={errors.decision ? `${id}-decision-error` : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-700">{t('disputes.form.decision')}</legend>
        {DECISIONS.map((value) => (
          <RadioOption
            key={value}
            name="decision"
            value={value}
            checked={decision === value}
            onSelect={() => {
              setDecision(value);
              setErrors({ ...errors, decision: undefined });
            }}
            label={t(`disputes.form.decisions.${value}`, { amount: paid })}
          />
        ))}
        {errors.decision ? (
          <p id={`${id}-decision-error`} className="text-sm text-red-600">
            {errors.decision}
          </p>
        ) : null}
      </fieldset>
      {decision === 'refundPart' ? (
        <TextInput
          name="amount"
          label={t('disputes.form.amount')}
          value={amount}
          onValueChange={(value) => {
            setAmount(value);
            if (errors.amount) setErrors({ ...errors, amount: undefined });
          }}
          inputMode="decimal"
          dir="ltr"
          maxLength={12}
          required
          helperText={t('disputes.form.amountHelp', { paid })}
          error={errors.amount}
        />
      ) : null}
      <TextAreaField
        name="note"
        label={t('disputes.form.note')}
        helperText={t('disputes.form.noteHelp')}
        value={note}
        onChange={(event) => {
          setNote(event.target.value);
          if (errors.note) setErrors({ ...errors, note: undefined });
        }}
        maxLength={RESOLUTION_NOTE_MAX_LENGTH}
        required
        error={errors.note}
      />
      {failure ? <Alert>{failure}</Alert> : null}
      <div className="flex justify-end">
        <Button type="submit" variant="primary">
          {t('disputes.form.continue')}
        </Button>
      </div>
    </form>
  );
}
