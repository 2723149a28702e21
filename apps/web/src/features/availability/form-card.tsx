import { type FormEvent, type ReactNode, useId } from 'react';
import { Alert } from '../../shared/ui/alert.tsx';
import { FormButtons } from '../../shared/ui/form-buttons.tsx';

/**
 * The frame of the editor's forms (one slot, weekly hours): a tinted card labelled by its title,
 * an optional intro line, the general error, the fields, then cancel and submit.
 */
export function FormCard({
  title,
  intro,
  general,
  submitLabel,
  cancelLabel,
  submitting,
  onSubmit,
  onCancel,
  testId,
  children,
}: {
  title: string;
  intro?: string;
  /** A translated message for the whole form. */
  general: string | null;
  submitLabel: string;
  cancelLabel: string;
  submitting: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  testId: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <form
      onSubmit={onSubmit}
      noValidate
      aria-labelledby={titleId}
      className="flex flex-col gap-4 rounded-xl border border-primary/30 bg-primary/5 p-4"
      data-testid={testId}
    >
      <div className="flex flex-col gap-1">
        <h3 id={titleId} className="text-base font-bold text-slate-900">
          {title}
        </h3>
        {intro ? <p className="text-sm text-slate-600">{intro}</p> : null}
      </div>
      {general ? <Alert>{general}</Alert> : null}
      {children}
      <FormButtons onCancel={onCancel} cancelText={cancelLabel} submitting={submitting} submitText={submitLabel} />
    </form>
  );
}
