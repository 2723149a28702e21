import { useEffect, useRef } from 'react';
import { cx } from '../../shared/ui/class-names.ts';

/** A <video> showing a stream (the own one muted and mirrored), with a label for screen readers. */
export function VideoTile({
  stream,
  label,
  testId,
  muted = false,
  mirrored = false,
  hidden = false,
  className,
}: {
  stream: MediaStream | null;
  label: string;
  testId: string;
  muted?: boolean;
  mirrored?: boolean;
  /** The camera is off: the tile stays (dark), the picture goes. */
  hidden?: boolean;
  className?: string;
}) {
  const video = useRef<HTMLVideoElement>(null);
  useEffect(() => {
    const element = video.current;
    if (!element) return;
    if (element.srcObject !== stream) element.srcObject = stream;
    if (stream) element.play().catch(() => undefined);
  }, [stream]);
  return (
    <div className={cx('relative aspect-video overflow-hidden rounded-2xl bg-slate-900', className)}>
      <video
        ref={video}
        data-testid={testId}
        aria-label={label}
        autoPlay
        playsInline
        muted={muted}
        className={cx('size-full object-cover', mirrored && '-scale-x-100', hidden && 'invisible')}
      />
    </div>
  );
}
