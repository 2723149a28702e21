import type { ReactNode } from 'react';
import { cx } from './class-names.ts';

/**
 * The lines under a form control: its helper text and its error (announced), each only when it has
 * something to say, with the ids the control's aria-describedby points at. Nothing when neither.
 */
export function FieldMessages({
  helperId,
  helperText,
  errorId,
  error,
  className,
}: {
  helperId: string;
  helperText?: ReactNode;
  errorId: string;
  error?: ReactNode;
  className?: string;
}) {
  const hasError = error !== undefined && error !== null && error !== false && error !== '';
  if (!helperText && !hasError) return null;
  return (
    <div className={cx('flex flex-col gap-1', className)}>
      {helperText ? (
        <p id={helperId} className="text-slate-500">
          {helperText}
        </p>
      ) : null}
      {hasError ? (
        <p id={errorId} role="alert" className="text-red-600">
          {error}
        </p>
      ) : null}
    </div>
  );
}
