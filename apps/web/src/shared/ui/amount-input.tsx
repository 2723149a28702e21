import { TextInput, type TextInputProps } from './text-input.tsx';

/**
 * A KWD amount the user types (a top-up, a payout): text, not type="number", since a number field
 * empties itself on Arabic-Indic digits ("١٠٫٥"); the decimal keypad, no autofill, and left to
 * right as the amount reads, at the page's start on an Arabic page (TextInput's LTR alignment).
 */
export function AmountInput(props: Omit<TextInputProps, 'type' | 'inputMode' | 'autoComplete' | 'dir'>) {
  return <TextInput {...props} inputMode="decimal" autoComplete="off" dir="ltr" />;
}
