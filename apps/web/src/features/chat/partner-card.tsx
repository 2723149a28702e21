import type { PublicUser } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { useUserProfile } from './api/user-profile.ts';
import { ChatAvatar, fullName } from './chat-avatar.tsx';

/**
 * The chat header's card of the other party: photo, name and role from their profile
 * (GET /api/v1/auth/users/{id}, names in the page's language), and whether they are online. Until
 * it answers, or if it fails, the conversation's own copy of them stands in.
 */
export function PartnerCard({ user, online }: { user: PublicUser; online: boolean }) {
  const { t } = useTranslation('chat');
  const profile = useUserProfile(user.id);
  const shown: PublicUser = profile.data ?? user;
  return (
    <div
      className="flex min-w-0 flex-1 items-center gap-3"
      data-testid="chat-partner-card"
      aria-busy={profile.isPending || undefined}
    >
      <ChatAvatar user={shown} online={online} />
      <div className="min-w-0 flex-1">
        <h1 className="truncate text-base font-bold text-slate-900">
          <span dir="auto">{fullName(shown)}</span>
        </h1>
        <p className="truncate text-xs text-slate-500" data-testid="presence">
          <span className={online ? 'font-semibold text-emerald-700' : undefined}>
            {t(online ? 'conversation.online' : 'conversation.offline')}
          </span>
          <span aria-hidden="true"> · </span>
          <span>{t(`conversation.roles.${shown.role.name}`)}</span>
        </p>
      </div>
    </div>
  );
}
