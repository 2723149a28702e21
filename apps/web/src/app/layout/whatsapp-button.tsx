import { WHATSAPP_NUMBER } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { WhatsAppIcon } from '../../shared/ui/brand-icons.tsx';

/**
 * Screens where the floating button would cover a primary action or the message box: the chats
 * (list and conversation, whose composer sits at the bottom), the lesson room, and the payment
 * screens (result and the suspended-payment page). Booking and payment choices open as modal
 * dialogs, which sit above the button.
 */
const HIDDEN_ON = [/^\/chats(\/|$)/, /^\/lessons\//, /^\/payment\//, /^\/suspended-payment(\/|$)/];

/** Whether the WhatsApp button shows on this path (with or without the /ar or /en prefix). */
export function showsWhatsAppButton(pathname: string): boolean {
  const path = pathname.replace(/^\/(ar|en)(?=\/|$)/, '') || '/';
  return !HIDDEN_ON.some((pattern) => pattern.test(path));
}

/**
 * The WhatsApp contact button (the number is fixed in the product): in the bottom corner, above
 * the phone's safe area (home indicator), and not on the screens in HIDDEN_ON.
 */
export function WhatsAppButton() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!showsWhatsAppButton(pathname)) return null;
  const href = `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent(t('whatsapp.message'))}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.label')}
      title={t('whatsapp.label')}
      data-testid="whatsapp-button"
      className="fixed bottom-[calc(1.25rem+env(safe-area-inset-bottom))] end-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-offset-4"
    >
      <WhatsAppIcon className="size-8" />
    </a>
  );
}
