import { useQueryClient } from '@tanstack/react-query';
import {
  LESSON_PROBLEM_REASONS,
  type LessonProblemReason,
  PROBLEM_DETAILS_MAX_LENGTH,
  problemReportSchema,
} from '@ustaz/contract';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText } from '../../shared/lib/error-text.ts';
import { contractResolver } from '../../shared/lib/schema-field-codes.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button } from '../../shared/ui/button.tsx';
import { FormButtons } from '../../shared/ui/form-buttons.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { RadioOption } from '../../shared/ui/radio-option.tsx';
import { RequiredMark } from '../../shared/ui/required-mark.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { reportLessonProblem } from './api/lesson-problem.ts';
import { RESERVATIONS_QUERY_KEY } from './api/reservations.ts';
import { ERROR_TEXTS } from './lesson-problem-error-texts.ts';

/** The report as chosen and typed: no reason until one is picked. */
type ReportValues = { reason: LessonProblemReason | null; details: string };

/** Refusals after which the card no longer offers the report: the list is read again. */
const SETTLED = new Set(['problemWindowClosed', 'problemAlreadyReported', 'lessonNotReportable', 'notFound']);

/**
 * "Report a problem" with a lesson (issue 16): the reason (a radio group) and details (required for
 * "other"). The answer is shown in the dialog: received (the teacher's payment is held until an
 * admin decides), or why not, in the user's language.
 */
export function ReportProblemDialog({
  reservationId,
  lesson,
  onClose,
}: {
  reservationId: number;
  /** The lesson in words ("Mona Al-Sabah · Sat 14 March, 6:00 – 7:00 PM"). */
  lesson: string;
  onClose: () => void;
}) {
  const { t } = useTranslation('reservations');
  const id = useId();
  const queryClient = useQueryClient();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  // The contract's schema: a reason, and details for "other".
  const {
    register,
    handleSubmit,
    setValue,
    control,
    formState: { errors, isSubmitted, isSubmitting: pending },
  } = useForm({
    resolver: contractResolver<ReportValues, typeof problemReportSchema>(problemReportSchema),
    defaultValues: { reason: null, details: '' },
  });
  const reason = useWatch({ control, name: 'reason' });
  const reasonError = errors.reason ? t('problem.errors.reasonRequired') : undefined;
  const detailsError = errors.details ? t('problem.errors.detailsRequired') : undefined;

  function close() {
    if (!pending) onClose();
  }

  const submit = handleSubmit(async (body) => {
    setFailure(null);
    try {
      await reportLessonProblem(reservationId, body);
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    } catch (error) {
      setFailure(errorText(error, t, ERROR_TEXTS.lessonProblem));
      if (SETTLED.has(errorCode(error) ?? '')) void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    }
  });

  return (
    <Modal open onClose={close} size="md" title={t('problem.title')}>
      {done ? (
        <div className="flex flex-col gap-4" data-testid="problem-received">
          <Alert variant="success">{t('problem.received')}</Alert>
          <Button variant="primary" className="self-end" onClick={onClose}>
            {t('problem.close')}
          </Button>
        </div>
      ) : (
        <form onSubmit={(event) => void submit(event)} className="flex flex-col gap-4" noValidate>
          <p className="text-sm text-slate-700">{lesson}</p>
          <p className="text-sm text-slate-600">{t('problem.intro')}</p>
          <fieldset className="flex flex-col gap-1" aria-describedby={reasonError ? `${id}-reason-error` : undefined}>
            <legend className="mb-1 text-sm font-semibold text-slate-800">
              {t('problem.reasonLabel')}
              <RequiredMark />
            </legend>
            {LESSON_PROBLEM_REASONS.map((value) => (
              <RadioOption
                key={value}
                name="reason"
                value={value}
                checked={reason === value}
                onSelect={() => setValue('reason', value, { shouldValidate: isSubmitted })}
                label={t(`problem.reasons.${value}`)}
              />
            ))}
            {reasonError ? (
              <p id={`${id}-reason-error`} className="text-sm font-semibold text-red-700">
                {reasonError}
              </p>
            ) : null}
          </fieldset>
          <div className="flex flex-col gap-1">
            <label htmlFor={`${id}-details`} className="text-sm font-semibold text-slate-800">
              {t('problem.detailsLabel')}
              {reason === 'other' ? <RequiredMark /> : null}
            </label>
            <Textarea
              {...register('details')}
              id={`${id}-details`}
              rows={4}
              maxLength={PROBLEM_DETAILS_MAX_LENGTH}
              invalid={Boolean(detailsError)}
              aria-invalid={detailsError ? true : undefined}
              aria-describedby={`${id}-details-help${detailsError ? ` ${id}-details-error` : ''}`}
            />
            <p id={`${id}-details-help`} className="text-sm text-slate-600">
              {t('problem.detailsHelp')}
            </p>
            {detailsError ? (
              <p id={`${id}-details-error`} className="text-sm font-semibold text-red-700">
                {detailsError}
              </p>
            ) : null}
          </div>
          {failure ? <Alert>{failure}</Alert> : null}
          <FormButtons
            onCancel={close}
            cancelText={t('problem.cancel')}
            submitting={pending}
            submitText={t('problem.submit')}
            busyText={t('problem.submitting')}
          />
        </form>
      )}
    </Modal>
  );
}
