import type { ComponentProps, ReactNode } from 'react';
import { Textarea } from '../../../shared/ui/textarea.tsx';
import { FieldFrame, useField } from './form-fields.tsx';

// Apart from form-fields.tsx so that the list filters (SelectField) do not load the textarea.

type TextAreaFieldProps = Omit<ComponentProps<'textarea'>, 'children'> & {
  label: ReactNode;
  name: string;
  error?: ReactNode;
  helperText?: ReactNode;
  className?: string;
  textareaClassName?: string;
};

/** A labelled multi-line field with helper and error text; user text uses dir="auto". */
export function TextAreaField({ textareaClassName, required, dir = 'auto', rows = 3, ...props }: TextAreaFieldProps) {
  const { frame, control } = useField(props);
  return (
    <FieldFrame {...frame} required={required}>
      <Textarea
        {...control}
        dir={dir}
        rows={rows}
        required={required}
        invalid={Boolean(props.error)}
        className={textareaClassName}
      />
    </FieldFrame>
  );
}
