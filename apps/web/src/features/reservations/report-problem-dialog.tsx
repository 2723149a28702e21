import { useQueryClient } from '@tanstack/react-query';
import { LESSON_PROBLEM_REASONS, type LessonProblemReason, PROBLEM_DETAILS_MAX_LENGTH } from '@ustaz/contract';
import { type FormEvent, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorCode, errorText } from '../../shared/lib/error-text.ts';
import { Alert } from '../../shared/ui/alert.tsx';
import { Button, SubmitButton } from '../../shared/ui/button.tsx';
import { Modal } from '../../shared/ui/modal/modal.tsx';
import { RadioOption } from '../../shared/ui/radio-option.tsx';
import { RequiredMark } from '../../shared/ui/required-mark.tsx';
import { Textarea } from '../../shared/ui/textarea.tsx';
import { reportLessonProblem } from './api/lesson-problem.ts';
import { RESERVATIONS_QUERY_KEY } from './api/reservations.ts';
import { ERROR_TEXTS } from './lesson-problem-error-texts.ts';

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
  const [reason, setReason] = useState<LessonProblemReason | null>(null);
  const [details, setDetails] = useState('');
  const [touched, setTouched] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const trimmed = details.trim();
  const reasonError = touched && reason === null ? t('problem.errors.reasonRequired') : undefined;
  const detailsError =
    touched && reason === 'other' && trimmed.length === 0 ? t('problem.errors.detailsRequired') : undefined;

  function close() {
    if (!pending) onClose();
  }

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    setFailure(null);
    if (reason === null || (reason === 'other' && trimmed.length === 0)) return;
    setPending(true);
    try {
      await reportLessonProblem(reservationId, { reason, details: trimmed });
      setDone(true);
      void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    } catch (error) {
      setFailure(errorText(error, t, ERROR_TEXTS.lessonProblem));
      if (SETTLED.has(errorCode(error) ?? '')) void queryClient.invalidateQueries({ queryKey: RESERVATIONS_QUERY_KEY });
    } finally {
      setPending(false);
    }
  }

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
                onSelect={() => setReason(value)}
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
              id={`${id}-details`}
              name="details"
              rows={4}
              maxLength={PROBLEM_DETAILS_MAX_LENGTH}
              value={details}
              invalid={Boolean(detailsError)}
              aria-invalid={detailsError ? true : undefined}
              aria-describedby={`${id}-details-help${detailsError ? ` ${id}-details-error` : ''}`}
              onChange={(event) => setDetails(event.target.value)}
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
          <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <Button variant="outline" onClick={close} disabled={pending}>
              {t('problem.cancel')}
            </Button>
            <SubmitButton submitting={pending} text={t('problem.submit')} busyText={t('problem.submitting')} />
          </div>
        </form>
      )}
    </Modal>
  );
}
