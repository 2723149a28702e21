import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { badgeText } from './notification-bell.tsx';

/** "Chats" in the navbar, with the unread messages' badge (issue 17: nothing goes unnoticed). */
export function ChatsNavLabel({ unread }: { unread: number }) {
  const { t } = useTranslation();
  const badge = badgeText(unread, useCurrentLanguage());
  return (
    <span className="inline-flex items-center gap-1.5">
      {t('nav.chats')}
      {badge ? (
        <>
          <span
            aria-hidden="true"
            data-testid="chats-unread-badge"
            className="flex h-5 min-w-5 items-center justify-center rounded-full bg-secondary px-1 text-[0.6875rem] leading-none font-bold text-white"
          >
            {badge}
          </span>
          <span className="sr-only">{t('nav.chatsUnread', { unread: badge })}</span>
        </>
      ) : null}
    </span>
  );
}
