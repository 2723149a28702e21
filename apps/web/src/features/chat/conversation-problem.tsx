import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { MessageCircleOff, TriangleAlert, UserX } from '../../shared/ui/icons.tsx';

/** Why a conversation cannot be shown: not found, not allowed, or an error with a retry. */
export function ConversationProblem({
  kind,
  onRetry,
  retrying,
  teacher = false,
}: {
  kind: 'notFound' | 'forbidden' | 'error';
  onRetry?: () => void;
  retrying?: boolean;
  /** The viewer is a teacher (a refused chat then says when a teacher may write). */
  teacher?: boolean;
}) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const Icon = { notFound: UserX, forbidden: MessageCircleOff, error: TriangleAlert }[kind];
  return (
    <div
      className="mx-auto flex w-full max-w-xl flex-col items-center gap-3 px-6 py-20 text-center"
      data-testid="conversation-problem"
      data-kind={kind}
    >
      <Icon aria-hidden="true" className={cx('size-10', kind === 'error' ? 'text-red-700' : 'text-primary')} />
      <h1 className="text-2xl font-extrabold text-slate-900">{t(`conversation.${kind}Title`)}</h1>
      <p className="text-slate-600">
        {t(kind === 'forbidden' && teacher ? 'conversation.forbiddenTeacherBody' : `conversation.${kind}Body`)}
      </p>
      <div className="mt-4 flex flex-wrap justify-center gap-3">
        {onRetry ? (
          <Button onClick={onRetry} loading={retrying}>
            {t('retry', { ns: 'common' })}
          </Button>
        ) : null}
        <Link to={localePath(language, '/chats')} className={buttonClasses({ variant: 'outline' })}>
          {t('conversation.back')}
        </Link>
      </div>
    </div>
  );
}
