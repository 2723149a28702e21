import { useEffect, useState } from 'react';
import { attachmentBlob } from './api/attachment-blob.ts';

export type AttachmentSource = { status: 'loading' | 'failed'; url: null } | { status: 'ready'; url: string };

/**
 * A private chat file as a `blob:` address the page can show and open, fetched with the access
 * token; the address is released when the message leaves the screen.
 */
export function useAttachmentUrl(path: string): AttachmentSource {
  const [source, setSource] = useState<AttachmentSource>({ status: 'loading', url: null });
  useEffect(() => {
    let objectUrl: string | null = null;
    let active = true;
    setSource({ status: 'loading', url: null });
    attachmentBlob(path).then(
      (blob) => {
        if (!active) return;
        objectUrl = URL.createObjectURL(blob);
        setSource({ status: 'ready', url: objectUrl });
      },
      () => {
        if (active) setSource({ status: 'failed', url: null });
      },
    );
    return () => {
      active = false;
      if (objectUrl) URL.revokeObjectURL(objectUrl);
    };
  }, [path]);
  return source;
}
