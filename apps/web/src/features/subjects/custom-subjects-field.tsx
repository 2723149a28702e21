import { useTranslation } from 'react-i18next';
import { Plus } from '../../shared/ui/icons.tsx';
import { RemoveButton } from '../../shared/ui/remove-button.tsx';
import { TextInput } from '../../shared/ui/text-input.tsx';
import { CUSTOM_SUBJECT_MAX_LENGTH, MAX_CUSTOM_SUBJECTS } from './custom-subjects.ts';
import type { CustomSubjectsState } from './use-custom-subjects.ts';

/** The subjects the list does not have: typed one at a time (Enter adds), shown as removable chips. */
export function CustomSubjectsField({ custom }: { custom: CustomSubjectsState }) {
  const { t } = useTranslation('search');
  const { customSubjects } = custom;
  const full = customSubjects.length >= MAX_CUSTOM_SUBJECTS;
  return (
    <section className="flex flex-col gap-3 rounded-xl bg-slate-50 p-4">
      <h3 className="text-sm font-bold text-slate-900">{t('subjects.customTitle')}</h3>
      <TextInput
        name="customSubject"
        label={t('subjects.customLabel')}
        placeholder={t('subjects.customPlaceholder')}
        helperText={full ? t('subjects.customFull', { max: MAX_CUSTOM_SUBJECTS }) : t('subjects.customHelp')}
        value={custom.customText}
        onValueChange={custom.setCustomText}
        onKeyDown={custom.handleCustomKey}
        maxLength={CUSTOM_SUBJECT_MAX_LENGTH}
        disabled={full}
        autoComplete="off"
        enterKeyHint="done"
      />
      {customSubjects.length > 0 ? (
        <ul className="flex flex-wrap gap-2" aria-label={t('subjects.customListLabel')}>
          {customSubjects.map((name) => (
            <li
              key={name}
              className="inline-flex items-center gap-1 rounded-full bg-primary/10 py-1 ps-3 pe-1 text-sm font-semibold text-primary"
              data-testid="custom-subject-chip"
            >
              <Plus aria-hidden="true" className="size-3.5" />
              <span dir="auto">{name}</span>
              <RemoveButton
                tone="tall"
                label={t('subjects.removeCustom', { name })}
                onClick={() => custom.remove(name)}
              />
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
