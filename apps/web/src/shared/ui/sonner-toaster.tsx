import { DEFAULT_LANGUAGE, directionOf, isLanguage, TIMINGS } from '@ustaz/contract/constants';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Toaster } from 'sonner';

/**
 * sonner's toaster with the app's settings; loaded lazily by toast.tsx. The copy inside a modal
 * dialog (inDialog) leaves the keyboard shortcut to the page's toaster.
 */
export function SonnerToaster({ onMounted, inDialog = false }: { onMounted: () => void; inDialog?: boolean }) {
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
      hotkey={inDialog ? [] : undefined}
      containerAriaLabel={t('ui.notifications')}
      toastOptions={{ closeButtonAriaLabel: t('ui.close') }}
    />
  );
}
