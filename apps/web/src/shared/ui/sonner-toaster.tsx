import { DEFAULT_LANGUAGE, directionOf, isLanguage, TIMINGS } from '@ustaz/contract/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/**
 * sonner's toaster with the app's settings; loaded lazily by toast.tsx, which mounts one at a time
 * (the page's, or the open dialog's), so each keeps sonner's keyboard shortcut.
 */
export function SonnerToaster({ onMounted }: { onMounted: () => void }) {
  const { t, i18n } = useTranslation('common');
  const language = isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
  useEffect(() => onMounted(), [onMounted]);
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
