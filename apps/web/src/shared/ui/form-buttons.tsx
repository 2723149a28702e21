import type { ReactNode } from 'react';
import { Button } from './button.tsx';

/**
 * The foot of a form in a card or a dialog: Cancel (outline, or `cancelVariant`; off while the form
 * is sent) and the submit button (spinning while `submitting`, reading `busyText` then if given), side by side
 * at the end from the small breakpoint on, the submit button on top on phones.
 */
export function FormButtons({
  onCancel,
  cancelText,
  cancelVariant = 'outline',
  submitting,
  disabled = submitting,
  submitText,
  busyText,
  variant = 'primary',
}: {
  /** Without it, the submit button alone. */
  onCancel?: () => void;
  cancelText: string;
  cancelVariant?: 'outline' | 'ghost';
  submitting: boolean;
  /** Cancel is off (default: while submitting). */
  disabled?: boolean;
  submitText: ReactNode;
  busyText?: string;
  variant?: 'primary' | 'destructive';
}) {
  return (
    <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
      {onCancel ? (
        <Button variant={cancelVariant} onClick={onCancel} disabled={disabled}>
          {cancelText}
        </Button>
      ) : null}
      <Button type="submit" variant={variant} loading={submitting}>
        {submitting && busyText ? busyText : submitText}
      </Button>
    </div>
  );
}
