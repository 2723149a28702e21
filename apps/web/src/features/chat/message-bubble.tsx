import type { ChatAttachment } from '@ustaz/contract';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatTime } from '../../shared/lib/dates/formats.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { Check, CheckCheck, CircleAlert, Clock, FileText, ImageOff, RotateCw } from '../../shared/ui/icons.tsx';
import { formatFileSize } from './chat-format.ts';
import { linkify } from './linkify.ts';
import { useAttachmentUrl } from './use-attachment-url.ts';

export type BubbleStatus = 'received' | 'sending' | 'failed' | 'sent' | 'read';

/**
 * One message: mine on the inline end (right in English, left in Arabic) in the brand colour,
 * theirs on the inline start; the text in its own direction, images inline, other files as a
 * link, the time, and for mine the delivery state (sending, sent, read, or failed with a retry).
 */
export function MessageBubble({
  content,
  attachments,
  createdAt,
  status,
  timeZone,
  onRetry,
  testId = 'message',
}: {
  content: string;
  attachments: ChatAttachment[];
  createdAt: string;
  status: BubbleStatus;
  timeZone: string;
  onRetry?: () => void;
  testId?: string;
}) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const mine = status !== 'received';
  return (
    <div className={cx('flex', mine ? 'justify-end' : 'justify-start')} data-testid={testId} data-status={status}>
      <div className={cx('flex max-w-[85%] flex-col gap-1 sm:max-w-[70%]', mine ? 'items-end' : 'items-start')}>
        <div
          className={cx(
            'overflow-hidden rounded-2xl px-3 py-2 shadow-sm',
            mine ? 'rounded-ee-md text-white' : 'rounded-es-md bg-white text-slate-900',
            mine && (status === 'failed' ? 'bg-red-700' : 'bg-primary'),
            status === 'sending' && 'opacity-80',
          )}
        >
          {attachments.length > 0 ? (
            <div className={cx('flex flex-wrap gap-1.5', content ? 'mb-1.5' : '')}>
              {attachments.map((attachment) => (
                <Attachment key={attachment.id} attachment={attachment} mine={mine} />
              ))}
            </div>
          ) : null}
          {content ? (
            <p
              dir="auto"
              className="text-[0.9375rem] leading-6 whitespace-pre-wrap wrap-anywhere"
              data-testid="message-text"
            >
              <MessageText content={content} mine={mine} />
            </p>
          ) : null}
          <p
            className={cx(
              'mt-0.5 flex items-center justify-end gap-1 text-[0.6875rem]',
              mine ? 'text-white/80' : 'text-slate-500',
            )}
          >
            <time dateTime={createdAt}>{formatTime(createdAt, language, timeZone)}</time>
            <StatusIcon status={status} />
          </p>
        </div>
        {status === 'failed' ? (
          <p className="flex items-center gap-2 text-xs text-red-700">
            <span>{t('message.failed')}</span>
            {onRetry ? (
              <button
                type="button"
                onClick={onRetry}
                className="inline-flex min-h-9 items-center gap-1 rounded-md px-2 font-semibold text-red-700 underline-offset-2 hover:bg-red-50 hover:underline"
              >
                <RotateCw aria-hidden="true" className="size-3.5" />
                {t('message.retry')}
              </button>
            ) : null}
          </p>
        ) : null}
      </div>
    </div>
  );
}

/** The text with its http(s) addresses as links that open in a new tab (other schemes stay text). */
function MessageText({ content, mine }: { content: string; mine: boolean }) {
  return linkify(content).map((piece, index) =>
    piece.kind === 'link' ? (
      <a
        // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move.
        key={index}
        href={piece.href}
        target="_blank"
        rel="noopener noreferrer nofollow"
        dir="ltr"
        className={cx('underline underline-offset-2', mine ? 'text-white' : 'text-primary')}
      >
        {piece.text}
      </a>
    ) : (
      // biome-ignore lint/suspicious/noArrayIndexKey: the pieces of one text never move.
      <Fragment key={index}>{piece.text}</Fragment>
    ),
  );
}

function StatusIcon({ status }: { status: BubbleStatus }) {
  const { t } = useTranslation('chat');
  if (status === 'received') return null;
  const label = t(`message.${status}`);
  const Icon = { sending: Clock, failed: CircleAlert, sent: Check, read: CheckCheck }[status];
  return (
    <span className="inline-flex" title={label} data-testid="message-status">
      <Icon aria-hidden="true" className={cx('size-3.5', status === 'read' && 'text-sky-300')} />
      <span className="sr-only">{label}</span>
    </span>
  );
}

/**
 * A chat file is private to the conversation: it is fetched with the access token and shown from
 * a `blob:` address (a placeholder while it loads, a note when it cannot be had).
 */
function Attachment({ attachment, mine }: { attachment: ChatAttachment; mine: boolean }) {
  const { t } = useTranslation('chat');
  const language = useCurrentLanguage();
  const source = useAttachmentUrl(attachment.url);
  if (source.status !== 'ready') {
    const failed = source.status === 'failed';
    return (
      <span
        role="img"
        aria-label={t(failed ? 'message.imageUnavailable' : 'message.imageLoading')}
        data-testid="attachment-placeholder"
        data-status={source.status}
        className={cx(
          'flex h-32 w-40 items-center justify-center rounded-lg',
          mine ? 'bg-white/15 text-white/80' : 'bg-slate-100 text-slate-500',
          !failed && 'animate-pulse',
        )}
      >
        {failed ? <ImageOff aria-hidden="true" className="size-6" /> : null}
      </span>
    );
  }
  if (attachment.mimeType.startsWith('image/')) {
    return (
      <a href={source.url} target="_blank" rel="noopener noreferrer" className="block">
        <img
          src={source.url}
          alt={t('message.image')}
          className="max-h-64 max-w-full rounded-lg bg-slate-100 object-cover sm:max-w-xs"
        />
      </a>
    );
  }
  return (
    <a
      href={source.url}
      target="_blank"
      rel="noopener noreferrer"
      className={cx(
        'inline-flex items-center gap-2 rounded-lg px-2 py-1.5 text-sm font-semibold underline-offset-2 hover:underline',
        mine ? 'bg-white/15 text-white' : 'bg-slate-100 text-primary',
      )}
    >
      <FileText aria-hidden="true" className="size-4" />
      {t('message.attachment', { size: formatFileSize(attachment.size, language) })}
    </a>
  );
}
