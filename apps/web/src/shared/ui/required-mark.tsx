import { useTranslation } from 'react-i18next';

/** The red star after the label of a required field: seen, titled "required", hidden from screen readers (the control says aria-required). */
export function RequiredMark() {
  const { t } = useTranslation('common');
  return (
    <span aria-hidden="true" title={t('ui.required')} className="ms-0.5 text-red-600">
      *
    </span>
  );
}
