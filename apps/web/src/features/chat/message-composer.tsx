import { CHAT_LIMITS } from '@ustaz/contract';
import { PHOTO_MAX_BYTES, UPLOAD_QUOTA } from '@ustaz/contract/constants';
import { type KeyboardEvent, useId, useRef } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { cx, PLACEHOLDER_IN_PAGE_DIRECTION } from '../../shared/ui/class-names.ts';
import { ImagePlus, SendHorizontal } from '../../shared/ui/icons.tsx';
import { DraftAttachments, IMAGE_TYPES, useDraftAttachments } from './draft-attachments.tsx';
import type { Draft } from './use-conversation.ts';

const TEXTAREA_MAX_HEIGHT_PX = 160;

/**
 * The message box at the bottom of a conversation: a growing text area (Enter sends, Shift+Enter
 * is a new line), images uploaded as soon as they are picked, and the send button, which waits
 * for a text or an uploaded image and for every upload to end.
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
  const { register, handleSubmit, reset, control } = useForm({ defaultValues: { content: '' } });
  const text = useWatch({ control, name: 'content' });
  const draft = useDraftAttachments();
  const textarea = useRef<HTMLTextAreaElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const problemId = useId();
  const canSend = !draft.uploading && (text.trim().length > 0 || draft.ready.length > 0);

  function resize() {
    const element = textarea.current;
    if (!element) return;
    element.style.height = 'auto';
    element.style.height = `${Math.min(element.scrollHeight, TEXTAREA_MAX_HEIGHT_PX)}px`;
  }

  const submit = handleSubmit(({ content }) => {
    if (!canSend) return;
    onSend({ content: content.trim(), attachments: draft.ready });
    onStopTyping();
    reset();
    draft.clear();
    requestAnimationFrame(resize);
    textarea.current?.focus();
  });

  function onKeyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
      event.preventDefault();
      void submit();
    }
  }

  const { ref, ...content } = register('content', {
    onChange: (event: { target: HTMLTextAreaElement }) => {
      resize();
      if (event.target.value.trim()) onTyping();
      else onStopTyping();
    },
  });
  const problem = draft.problem;
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
      onSubmit={(event) => void submit(event)}
      className="border-t border-slate-200 bg-white px-3 pt-2 pb-[max(0.5rem,env(safe-area-inset-bottom))]"
      data-testid="composer"
    >
      {draft.attachments.length > 0 ? (
        <DraftAttachments attachments={draft.attachments} onRemove={draft.remove} />
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
          onChange={(event) => {
            draft.pick(event.target.files);
            event.target.value = '';
          }}
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
          {...content}
          ref={(element) => {
            ref(element);
            textarea.current = element;
          }}
          rows={1}
          dir="auto"
          maxLength={CHAT_LIMITS.contentMaxLength}
          enterKeyHint="send"
          aria-label={t('composer.label')}
          aria-describedby={problemText ? problemId : undefined}
          placeholder={t('composer.placeholder')}
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
