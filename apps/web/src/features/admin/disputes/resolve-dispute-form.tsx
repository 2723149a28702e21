import { zodResolver } from '@hookform/resolvers/zod';
import { useQueryClient } from '@tanstack/react-query';
import {
  type AdminDispute,
  type DisputeOutcome,
  RESOLUTION_NOTE_MAX_LENGTH,
  type ResolveDisputeBody,
} from '@ustaz/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { translate } from '../../../shared/i18n/translate.ts';
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
import { checkPartRefund } from './dispute-amount.ts';
import { ERROR_TEXTS } from './disputes-error-texts.ts';

/** The admin's three decisions: the held earning to the teacher, or money back to the student. */
export const DECISIONS = ['release', 'refundFull', 'refundPart'] as const;
export type Decision = (typeof DECISIONS)[number];

/** A decision as the API takes it, once the form's fields are valid. */
function bodyOf(decision: Decision, amount: string | null, note: string): ResolveDisputeBody {
  const outcome: DisputeOutcome = decision === 'release' ? 'release' : 'refund';
  return decision === 'refundPart' && amount ? { outcome, amount, note } : { outcome, note };
}

/** The form as chosen and typed: no decision until one is picked. */
type ResolveValues = { decision: Decision | null; amount: string; note: string };

/**
 * A decision, a part refund's amount up to what was paid (`paid`, KWD: checkPartRefund, the
 * server's rule) and the required note, all checked at once, read as the body to confirm. The
 * messages are keys of admin-money (`disputes.form.*`) or the amount's PartRefundError.
 */
function resolveSchema(paid: string) {
  return z
    .object({ decision: z.enum(DECISIONS).nullable(), amount: z.string(), note: z.string().trim() })
    .transform((values, context) => {
      const part = values.decision === 'refundPart' ? checkPartRefund(values.amount, paid) : null;
      if (values.decision === null)
        context.addIssue({ code: 'custom', path: ['decision'], message: 'decisionRequired' });
      if (part && !part.ok) context.addIssue({ code: 'custom', path: ['amount'], message: part.error });
      if (values.note.length === 0) context.addIssue({ code: 'custom', path: ['note'], message: 'noteRequired' });
      if (values.decision === null || (part && !part.ok) || values.note.length === 0) return z.NEVER;
      return bodyOf(values.decision, part?.ok ? part.amount : null, values.note);
    });
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
  const [failure, setFailure] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<ResolveDisputeBody | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors, isSubmitted },
  } = useForm<ResolveValues, unknown, ResolveDisputeBody>({
    resolver: zodResolver(resolveSchema(dispute.paid)),
    defaultValues: { decision: null, amount: '', note: '' },
  });
  const decision = useWatch({ control, name: 'decision' });
  const paid = formatKwd(dispute.paid, language) ?? dispute.paid;
  const amountError = errors.amount;

  const check = handleSubmit((body) => {
    setFailure(null);
    setConfirming(body);
  });

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
      const text = errorText(error, t, ERROR_TEXTS.adminDisputes, () => errorText(error, tAdmin, ADMIN_TEXTS.admin));
      if (fieldErrorCodes(error).amount) setError('amount', { type: 'server', message: text });
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
    return (
      <ConfirmDecision
        dispute={dispute}
        body={confirming}
        pending={resolve.isPending}
        onBack={() => setConfirming(null)}
        onConfirm={() => void confirm()}
      />
    );
  }

  return (
    <form
      onSubmit={(event) => void check(event)}
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
            onSelect={() => setValue('decision', value, { shouldValidate: isSubmitted })}
            label={t(`disputes.form.decisions.${value}`, { amount: paid })}
          />
        ))}
        {errors.decision ? (
          <p id={`${id}-decision-error`} className="text-sm text-red-600">
            {t('disputes.form.decisionRequired')}
          </p>
        ) : null}
      </fieldset>
      {decision === 'refundPart' ? (
        <TextInput
          {...register('amount')}
          label={t('disputes.form.amount')}
          inputMode="decimal"
          dir="ltr"
          maxLength={12}
          required
          helperText={t('disputes.form.amountHelp', { paid })}
          error={
            amountError?.type === 'server'
              ? amountError.message
              : amountError
                ? translate(t, `disputes.amountErrors.${amountError.message}`, { paid })
                : undefined
          }
        />
      ) : null}
      <TextAreaField
        {...register('note')}
        label={t('disputes.form.note')}
        helperText={t('disputes.form.noteHelp')}
        maxLength={RESOLUTION_NOTE_MAX_LENGTH}
        required
        error={errors.note ? t('disputes.form.noteRequired') : undefined}
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

/** The sentence that says exactly what the decision will do, with the note, then back or confirm. */
function ConfirmDecision({
  dispute,
  body,
  pending,
  onBack,
  onConfirm,
}: {
  dispute: AdminDispute;
  body: ResolveDisputeBody;
  pending: boolean;
  onBack: () => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation('admin-money');
  const language = useCurrentLanguage();
  const id = useId();
  const paid = formatKwd(dispute.paid, language) ?? dispute.paid;
  const student = isolate(dispute.studentName);
  const teacher = isolate(dispute.teacherName);
  const sentence =
    body.outcome === 'release'
      ? t('disputes.confirm.release', { teacher, student })
      : body.amount
        ? t('disputes.confirm.refundPart', { amount: formatKwd(body.amount, language) ?? body.amount, paid, student })
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
        {t('disputes.confirm.note')} <bdi dir="auto">{body.note}</bdi>
      </p>
      <div className="flex flex-wrap justify-end gap-2">
        <Button variant="outline" onClick={onBack} disabled={pending}>
          {t('disputes.confirm.back')}
        </Button>
        <Button variant={body.outcome === 'release' ? 'primary' : 'destructive'} loading={pending} onClick={onConfirm}>
          {t('disputes.confirm.submit')}
        </Button>
      </div>
    </section>
  );
}
