import { useTranslation } from 'react-i18next';
import { reconnectChatSocket } from '../../shared/realtime/chat-socket.ts';
import { useChatConnection } from '../../shared/realtime/connection-state.ts';
import { Button } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { LoaderCircle, RefreshCw, WifiOff } from '../../shared/ui/icons.tsx';

/** Says so while the chat socket is not connected (spec 4 "Chat connection"), with a reconnect button after a failure. */
export function ConnectionBanner({ className }: { className?: string }) {
  const { t } = useTranslation('chat');
  const state = useChatConnection();
  if (state === 'connected') return null;
  const failed = state === 'error' || state === 'disconnected';
  return (
    <div
      role="status"
      data-testid="connection-banner"
      data-state={state}
      className={cx(
        'flex items-center gap-3 px-4 py-2 text-sm',
        failed ? 'bg-amber-50 text-amber-900' : 'bg-sky-50 text-sky-900',
        className,
      )}
    >
      {failed ? (
        <WifiOff aria-hidden="true" className="size-4 shrink-0" />
      ) : (
        <LoaderCircle aria-hidden="true" className="size-4 shrink-0 animate-spin" />
      )}
      <p className="min-w-0 flex-1">{t(`connection.${state}`)}</p>
      {failed ? (
        <Button variant="ghost" size="sm" onClick={reconnectChatSocket} className="text-amber-900">
          <RefreshCw aria-hidden="true" className="size-4" />
          {t('connection.reconnect')}
        </Button>
      ) : null}
    </div>
  );
}
