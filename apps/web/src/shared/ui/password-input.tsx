import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Eye, EyeOff } from './icons.tsx';
import { TextInput, type TextInputProps } from './text-input.tsx';

export type PasswordInputProps = Omit<TextInputProps, 'type' | 'endAdornment' | 'clearable'>;

/** A password field with a button that shows or hides what was typed. */
export function PasswordInput(props: PasswordInputProps) {
  const { t, i18n } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  return (
    <TextInput
      {...props}
      type={visible ? 'text' : 'password'}
      // The page's direction, not "auto": the show button sits at the end of the page's line,
      // so the padding that keeps text clear of it must be on that side too.
      dir={i18n.dir()}
      endAdornment={
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          aria-label={visible ? t('ui.hidePassword') : t('ui.showPassword')}
          aria-pressed={visible}
          disabled={props.disabled}
          className="flex w-11 items-center justify-center rounded-e-lg text-slate-500 hover:text-slate-800 focus-visible:outline-2 focus-visible:outline-primary disabled:opacity-50"
        >
          {visible ? <EyeOff aria-hidden="true" className="size-5" /> : <Eye aria-hidden="true" className="size-5" />}
        </button>
      }
    />
  );
}
