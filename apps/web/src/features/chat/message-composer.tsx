import type { ChatAttachment } from '@ustaz/contract';
import { CHAT_LIMITS } from '@ustaz/contract';
import { PHOTO_MAX_BYTES, UPLOAD_QUOTA } from '@ustaz/contract/constants';
import { Image as ImageIcon, ImagePlus, LoaderCircle, SendHorizontal, X } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { cx, PLACEHOLDER_IN_PAGE_DIRECTION } from '../../shared/ui/class-names.ts';
import { uploadAttachment } from './api/upload-attachment.ts';
import type { Draft } from './use-conversation.ts';

/** The image types the server accepts (POST /api/v1/files/upload). */
const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];
const TEXTAREA_MAX_HEIGHT_PX = 160;

type LocalAttachment = {
  key: string;
  name: string;
  mimeType: string;
  size: number;
  status: 'uploading' | 'ready' | 'failed';
  uploaded: ChatAttachment | null;
  /** The picked file shown from memory (the uploaded one is private: an <img src> could not load it). */
  preview: string | null;
};

type Problem = { key: 'tooLarge' | 'invalidType' | 'tooMany' | 'uploadFailed' | 'quotaExceeded'; name?: string };

function isQuotaExceeded(error: unknown): boolean {
  return (
    error instanceof ApiRequestError &&
    error.status === 429 &&
    typeof error.body === 'object' &&
    error.body !== null &&
    'code' in error.body &&
    error.body.code === 'uploadQuotaExceeded'
  );
}

function previewOf(file: File): string | null {
  try {
    return URL.createObjectURL(file);
  } catch {
    return null;
  }
}

function release(items: LocalAttachment[]) {
  for (const item of items) if (item.preview) URL.revokeObjectURL(item.preview);
}

/**
 * The message box at the bottom of a conversation: a growing text area (Enter sends, Shift+Enter
 * is a new line), images uploaded as soon as they are picked, and the send button.
 */
export function MessageComposer({
  onSend,
  onTyping,
  onStopTyping,
}: {
  onSend: (draft: Draft) => void;
  onTyping: () => void;
  onStopTyping: () => void;
}) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [attachments, setAttachments] = useState<LocalAttachment[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  // Previews still shown when the conversation closes are released with it.
  const shown = useRef(attachments);
  shown.current = attachments;
  useEffect(() => () => release(shown.current), []);

  const uploading = attachments.some((item) => item.status === 'uploading');
  const ready = attachments.flatMap((item) => (item.status === 'ready' && item.uploaded ? [item.uploaded] : []));
  const canSend = !uploading && (text.trim().length > 0 || ready.length > 0);

  function resize() {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, TEXTAREA_MAX_HEIGHT_PX)}px`;
  }

  function submit(event?: FormEvent) {
    event?.preventDefault();
    if (!canSend) return;
    onSend({ content: text.trim(), attachments: ready });
    onStopTyping();
    setText('');
    release(attachments);
    setAttachments([]);
    setProblem(null);
    requestAnimationFrame(resize);
    textarea.current?.focus();
  }

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      submit();
    }
  }

  function update(key: string, change: Partial<LocalAttachment>) {
    setAttachments((current) => current.map((item) => (item.key === key ? { ...item, ...change } : item)));
  }

  async function upload(item: LocalAttachment, file: File) {
    try {
      const stored = await uploadAttachment(file);
      update(item.key, {
        status: 'ready',
        uploaded: { id: stored.id, url: stored.path, mimeType: item.mimeType, size: item.size },
      });
    } catch (error) {
      update(item.key, { status: 'failed' });
      setProblem(isQuotaExceeded(error) ? { key: 'quotaExceeded' } : { key: 'uploadFailed', name: item.name });
    }
  }

  function pick(files: FileList | null) {
    setProblem(null);
    const chosen = Array.from(files ?? []);
    if (fileInput.current) fileInput.current.value = '';
    const room = CHAT_LIMITS.attachmentsMax - attachments.filter((item) => item.status !== 'failed').length;
    if (chosen.length > room) setProblem({ key: 'tooMany' });
    const added: Array<[LocalAttachment, File]> = [];
    for (const file of chosen.slice(0, Math.max(0, room))) {
      if (!IMAGE_TYPES.includes(file.type)) {
        setProblem({ key: 'invalidType', name: file.name });
        continue;
      }
      if (file.size > PHOTO_MAX_BYTES) {
        setProblem({ key: 'tooLarge', name: file.name });
        continue;
      }
      const item: LocalAttachment = {
        key: `${file.name}-${file.size}-${Math.random().toString(36).slice(2)}`,
        name: file.name,
        mimeType: file.type,
        size: file.size,
        status: 'uploading',
        uploaded: null,
        preview: previewOf(file),
      };
      added.push([item, file]);
    }
    if (added.length === 0) return;
    setAttachments((current) => [...current, ...added.map(([item]) => item)]);
    for (const [item, file] of added) void upload(item, file);
  }

  const problemText = problem
    ? t(`composer.${problem.key}`, {
        name: problem.name,
        max: CHAT_LIMITS.attachmentsMax,
        maxMb: PHOTO_MAX_BYTES / (1024 * 1024),
        files: UPLOAD_QUOTA.filesPerDay,
        mb: UPLOAD_QUOTA.bytesPerDay / (1024 * 1024),
      })
    : null;

  // The floating WhatsApp button is not shown on the chat screens, so the send button has the end to itself.
  return (
    <form
      onSubmit={submit}
      className="border-t border-slate-200 bg-white px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      data-testid="composer"
    >
      {attachments.length > 0 ? (
        <ul className="mb-2 flex flex-wrap gap-2">
          {attachments.map((item) => (
            <li
              key={item.key}
              data-testid="draft-attachment"
              data-status={item.status}
              className={cx(
                'relative flex size-16 items-center justify-center overflow-hidden rounded-lg border bg-slate-50',
                item.status === 'failed' ? 'border-red-300' : 'border-slate-200',
              )}
            >
              {item.status === 'ready' && item.uploaded && item.preview ? (
                <img src={item.preview} alt="" className="size-full object-cover" />
              ) : item.status === 'ready' ? (
                <ImageIcon aria-hidden="true" className="size-5 text-slate-500" />
              ) : item.status === 'uploading' ? (
                <LoaderCircle
                  role="img"
                  aria-label={t('composer.uploading', { name: item.name })}
                  className="size-5 animate-spin text-primary"
                />
              ) : (
                <span className="px-1 text-center text-[0.625rem] leading-tight text-red-700" dir="auto">
                  {item.name}
                </span>
              )}
              <button
                type="button"
                onClick={() => {
                  release([item]);
                  setAttachments((current) => current.filter((other) => other.key !== item.key));
                }}
                aria-label={t('composer.remove', { name: item.name })}
                className="absolute end-0.5 top-0.5 flex size-6 items-center justify-center rounded-full bg-slate-900/70 text-white hover:bg-slate-900"
              >
                <X aria-hidden="true" className="size-3.5" />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      {problemText ? (
        <p id={problemId} role="alert" className="mb-2 text-sm text-red-700">
          {problemText}
        </p>
      ) : null}
      <div className="flex items-end gap-2">
        <input
          ref={fileInput}
          type="file"
          accept={IMAGE_TYPES.join(',')}
          multiple
          className="sr-only"
          tabIndex={-1}
          aria-hidden="true"
          data-testid="attachment-input"
          onChange={(event) => pick(event.target.files)}
        />
        <button
          type="button"
          onClick={() => fileInput.current?.click()}
          aria-label={t('composer.attach')}
          title={t('composer.attach')}
          className="flex size-11 shrink-0 items-center justify-center rounded-full text-slate-600 transition-colors hover:bg-slate-100 hover:text-primary"
        >
          <ImagePlus aria-hidden="true" className="size-5" />
        </button>
        <textarea
          ref={textarea}
          value={text}
          rows={1}
          dir="auto"
          maxLength={CHAT_LIMITS.contentMaxLength}
          enterKeyHint="send"
          aria-label={t('composer.label')}
          aria-describedby={problemText ? problemId : undefined}
          placeholder={t('composer.placeholder')}
          onChange={(event) => {
            setText(event.target.value);
            resize();
            if (event.target.value.trim()) onTyping();
            else onStopTyping();
          }}
          onKeyDown={onKeyDown}
          className={cx(
            'block min-h-11 flex-1 resize-none rounded-3xl border border-slate-300 bg-slate-50 px-4 py-2.5 text-base leading-6 text-slate-900 placeholder:text-slate-400 focus:border-primary focus:bg-white focus:outline-none',
            PLACEHOLDER_IN_PAGE_DIRECTION,
          )}
        />
        <button
          type="submit"
          disabled={!canSend}
          aria-label={t('composer.send')}
          title={t('composer.send')}
          className="flex size-11 shrink-0 items-center justify-center rounded-full bg-primary text-white transition-colors hover:bg-primary/90 disabled:cursor-not-allowed disabled:bg-slate-300"
        >
          <SendHorizontal aria-hidden="true" className="size-5 rtl:-scale-x-100" />
        </button>
      </div>
    </form>
  );
}
