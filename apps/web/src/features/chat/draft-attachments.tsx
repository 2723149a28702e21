import type { ChatAttachment } from '@ustaz/contract';
import { CHAT_LIMITS } from '@ustaz/contract';
import { PHOTO_MAX_BYTES } from '@ustaz/contract/constants';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiRequestError } from '../../shared/http/client.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { ImageIcon, LoaderCircle } from '../../shared/ui/icons.tsx';
import { RemoveButton } from '../../shared/ui/remove-button.tsx';
import { uploadAttachment } from './api/upload-attachment.ts';

/** The image types the server accepts (POST /api/v1/files/upload). */
export const IMAGE_TYPES = ['image/jpeg', 'image/png', 'image/gif', 'image/webp'];

export type LocalAttachment = {
  key: string;
  name: string;
  mimeType: string;
  size: number;
  status: 'uploading' | 'ready' | 'failed';
  uploaded: ChatAttachment | null;
  /** The picked file shown from memory (the uploaded one is private: an <img src> could not load it). */
  preview: string | null;
};

export type Problem = { key: 'tooLarge' | 'invalidType' | 'tooMany' | 'uploadFailed' | 'quotaExceeded'; name?: string };

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
 * The images of the message being written: each is uploaded as soon as it is picked (at most
 * CHAT_LIMITS.attachmentsMax, images only, each at most PHOTO_MAX_BYTES), and why one was refused.
 * Previews still shown when the conversation closes are released with it.
 */
export function useDraftAttachments() {
  const [attachments, setAttachments] = useState<LocalAttachment[]>([]);
  const [problem, setProblem] = useState<Problem | null>(null);
  const shown = useRef(attachments);
  shown.current = attachments;
  useEffect(() => () => release(shown.current), []);

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

  return {
    attachments,
    problem,
    uploading: attachments.some((item) => item.status === 'uploading'),
    ready: attachments.flatMap((item) => (item.status === 'ready' && item.uploaded ? [item.uploaded] : [])),
    pick,
    remove(item: LocalAttachment) {
      release([item]);
      setAttachments((current) => current.filter((other) => other.key !== item.key));
    },
    /** After sending: the previews released, the list and the problem emptied. */
    clear() {
      release(attachments);
      setAttachments([]);
      setProblem(null);
    },
  };
}

/** The picked images above the text: a preview once uploaded, a spinner while uploading, the name of a failed one. */
export function DraftAttachments({
  attachments,
  onRemove,
}: {
  attachments: LocalAttachment[];
  onRemove: (item: LocalAttachment) => void;
}) {
  const { t } = useTranslation('chat');
  return (
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
          <RemoveButton
            tone="overlay"
            label={t('composer.remove', { name: item.name })}
            onClick={() => onRemove(item)}
          />
        </li>
      ))}
    </ul>
  );
}
