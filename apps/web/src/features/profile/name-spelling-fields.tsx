import { useTranslation } from 'react-i18next';
import { TextInput, type TextInputProps } from '../../shared/ui/text-input.tsx';
import { PROFILE_VALIDATION_VALUES, type SpellingField } from './profile-schemas.ts';

/** The name for English and for Arabic pages (ADR 020): each pair's language and writing direction. */
const SPELLING_GROUPS = [
  { language: 'en', dir: 'ltr', fields: ['firstNameEn', 'lastNameEn'] },
  { language: 'ar', dir: 'rtl', fields: ['firstNameAr', 'lastNameAr'] },
] as const;

/**
 * The optional name for English pages and for Arabic pages, a titled pair each (the account form
 * and the teacher's editor). `input(name, label)` gives a field's props from the form that owns it
 * (a react-hook-form registration, or a value with its change handler) with its error text.
 */
export function NameSpellingFields({ input }: { input: (name: SpellingField, label: string) => TextInputProps }) {
  const { t } = useTranslation('profile');
  return SPELLING_GROUPS.map(({ language, dir, fields }) => (
    <fieldset key={language} className="flex flex-col gap-2">
      <legend className="text-sm font-medium text-slate-700">{t(`fields.spelling.${language}.title`)}</legend>
      <p className="text-sm text-slate-500">{t(`fields.spelling.${language}.hint`)}</p>
      <div className="grid gap-4 sm:grid-cols-2">
        {fields.map((name, index) => (
          <TextInput
            key={name}
            {...input(name, t(`fields.spelling.${language}.${index ? 'last' : 'first'}`))}
            lang={language}
            dir={dir}
            maxLength={PROFILE_VALIDATION_VALUES.nameMax}
          />
        ))}
      </div>
    </fieldset>
  ));
}
