import { useTranslation } from 'react-i18next';
import { isolate } from '../../shared/lib/bidi.ts';

/** The other user is typing: three bouncing dots and their name. */
export function TypingIndicator({ name }: { name: string }) {
  const { t } = useTranslation('chat');
  return (
    <div className="flex items-center gap-2 pt-2 text-sm text-slate-500" data-testid="typing-indicator">
      <span aria-hidden="true" className="flex gap-1 rounded-2xl rounded-es-md bg-white px-3 py-2.5 shadow-sm">
        {[0, 150, 300].map((delay) => (
          <span
            key={delay}
            className="size-1.5 animate-bounce rounded-full bg-slate-400"
            style={{ animationDelay: `${delay}ms` }}
          />
        ))}
      </span>
      <span>{t('conversation.typing', { name: isolate(name) })}</span>
    </div>
  );
}
