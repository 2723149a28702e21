import type { ComponentProps } from 'react';
import { cx, PLACEHOLDER_IN_PAGE_DIRECTION } from './class-names.ts';

export type TextareaProps = ComponentProps<'textarea'> & {
  /** Draws the error border (the field's aria-invalid and error text stay with the form). */
  invalid?: boolean;
};

/**
 * The multi-line text control of the forms (a booking note, a contact message, an admin
 * description), styled like TextInput's field; user text uses dir="auto". `className` adds to it.
 */
export function Textarea({ invalid = false, dir = 'auto', className, ...rest }: TextareaProps) {
  return (
    <textarea
      {...rest}
      dir={dir}
      className={cx(
        'block w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900',
        'placeholder:text-slate-400 focus:outline-2 focus:outline-offset-0',
        dir === 'auto' && PLACEHOLDER_IN_PAGE_DIRECTION,
        'disabled:cursor-not-allowed disabled:bg-slate-100 disabled:text-slate-500',
        invalid ? 'border-red-600 focus:outline-red-600' : 'border-slate-300 focus:outline-primary',
        className,
      )}
    />
  );
}
