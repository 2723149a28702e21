import { DEFAULT_LANGUAGE, directionOf, ERROR_TOAST_MAX_LENGTH, isLanguage, TIMINGS } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { type ExternalToast, Toaster, toast } from 'sonner';
import { truncate } from '../lib/error-message.ts';

export type NotifyOptions = ExternalToast;

/** The one toaster of the app (spec 2, "Notices"): top right, 4 s, follows the page direction. */
export function AppToaster() {
  const { t, i18n } = useTranslation('common');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  return (
    <Toaster
      position="top-right"
      duration={TIMINGS.toastMs}
      richColors
      closeButton
      dir={directionOf(language)}
      containerAriaLabel={t('ui.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('ui.close') }}
    />
  );
}

/**
 * The one toast function of the app. Success toasts last 3 s; error text is cut to 100 characters
 * (spec 9). Messages are already translated: `notify.error(t('errors.network'))`.
 */
export const notify = {
  success(message: string, options?: NotifyOptions) {
    return toast.success(message, { duration: TIMINGS.toastSuccessMs, ...options });
  },
  error(message: string, options?: NotifyOptions) {
    return toast.error(truncate(message, ERROR_TOAST_MAX_LENGTH), options);
  },
  info(message: string, options?: NotifyOptions) {
    return toast.info(message, options);
  },
  warning(message: string, options?: NotifyOptions) {
    return toast.warning(message, options);
  },
  dismiss(id?: string | number) {
    return toast.dismiss(id);
  },
};
