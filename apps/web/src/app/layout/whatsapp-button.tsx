import { WHATSAPP_NUMBER } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { WhatsAppIcon } from '../../shared/ui/brand-icons.tsx';
import { cx } from '../../shared/ui/class-names.ts';

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
 * The WhatsApp contact button (the number is fixed in the product): in the bottom end corner, above
 * the phone's safe area (home indicator), and not on the screens in HIDDEN_ON. On a phone it is a
 * narrow tab against the edge, clear of the text of the cards it floats over (issue 30 item 19).
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
      className={cx(
        'fixed bottom-[calc(1.25rem+env(safe-area-inset-bottom))] z-30 inline-flex items-center justify-center bg-whatsapp text-white shadow-lg transition-transform focus-visible:outline-offset-4',
        // A phone: a tab against the screen's end edge, inside the page's gutter and the cards' own
        // padding, so it covers no text of a card (e2e whatsapp-layout.spec.ts measures it).
        'end-0 h-12 w-9 rounded-s-full ps-1',
        // Wider screens: the round floating button.
        'sm:end-5 sm:size-14 sm:rounded-full sm:ps-0 sm:hover:scale-105',
      )}
    >
      <WhatsAppIcon className="size-6 sm:size-8" />
    </a>
  );
}
