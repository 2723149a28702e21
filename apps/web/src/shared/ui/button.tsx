import type { ComponentProps } from 'react';
import { cx } from './class-names.ts';
import { Spinner } from './spinner.tsx';

export type ButtonVariant = 'primary' | 'secondary' | 'outline' | 'ghost' | 'destructive';
export type ButtonSize = 'sm' | 'md' | 'lg';

const BASE =
  'inline-flex select-none items-center justify-center gap-2 whitespace-nowrap rounded-lg font-semibold ' +
  'transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 ' +
  'disabled:cursor-not-allowed disabled:opacity-60 aria-disabled:cursor-not-allowed aria-disabled:opacity-60';

const VARIANT_CLASSES: Record<ButtonVariant, string> = {
  primary: 'bg-primary text-primary-foreground hover:bg-primary/90 focus-visible:outline-primary',
  secondary: 'bg-secondary text-secondary-foreground hover:bg-secondary/90 focus-visible:outline-secondary',
  outline:
    'border border-slate-300 bg-white text-slate-800 hover:border-primary hover:text-primary focus-visible:outline-primary',
  ghost: 'bg-transparent text-slate-700 hover:bg-slate-100 focus-visible:outline-primary',
  destructive: 'bg-red-700 text-white hover:bg-red-800 focus-visible:outline-red-700',
};

/** md and lg keep the 44 px minimum touch height. */
const SIZE_CLASSES: Record<ButtonSize, string> = {
  sm: 'min-h-9 px-3 text-sm',
  md: 'min-h-11 px-4 text-sm',
  lg: 'min-h-12 px-6 text-base',
};

/** The classes of a button, for elements that must look like one (a react-router `<Link>`). */
export function buttonClasses({
  variant = 'primary',
  size = 'md',
  className,
}: {
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
} = {}): string {
  return cx(BASE, VARIANT_CLASSES[variant], SIZE_CLASSES[size], className);
}

export type ButtonProps = ComponentProps<'button'> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, disables the button and sets aria-busy. */
  loading?: boolean;
};

export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  disabled,
  className,
  type = 'button',
  children,
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={buttonClasses({ variant, size, className })}
    >
      {loading ? <Spinner size="sm" /> : null}
      {children}
    </button>
  );
}

/** A form's submit button: while the form is sent it spins and reads `busyText` instead of `text`. */
export function SubmitButton({
  submitting,
  text,
  busyText,
  ...rest
}: Omit<ButtonProps, 'type' | 'loading' | 'children'> & { submitting: boolean; text: string; busyText: string }) {
  return (
    <Button {...rest} type="submit" loading={submitting}>
      {submitting ? busyText : text}
    </Button>
  );
}
