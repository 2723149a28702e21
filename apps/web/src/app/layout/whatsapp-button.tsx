import { WHATSAPP_NUMBER } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { WhatsAppIcon } from '../../shared/ui/brand-icons.tsx';

/** The WhatsApp contact button shown on every page; the number is fixed in the product. */
export function WhatsAppButton() {
  const { t } = useTranslation();
  const href = `https://wa.me/${WHATSAPP_NUMBER}?text=${encodeURIComponent(t('whatsapp.message'))}`;
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      aria-label={t('whatsapp.label')}
      title={t('whatsapp.label')}
      data-testid="whatsapp-button"
      className="fixed bottom-5 end-5 z-30 inline-flex size-14 items-center justify-center rounded-full bg-whatsapp text-white shadow-lg transition-transform hover:scale-105 focus-visible:outline-offset-4"
    >
      <WhatsAppIcon className="size-8" />
    </a>
  );
}
