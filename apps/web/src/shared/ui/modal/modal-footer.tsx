import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';

/**
 * The actions row at the end of a modal's content. It sticks to the bottom of the modal's scrolling
 * body, so on a phone (a bottom sheet at most 90vh tall) the confirm button stays on screen while a
 * long list scrolls, and it keeps clear of the home indicator (safe area). It spans the body's
 * padding (px-5 pb-5 in Modal) so the content scrolls under a solid band. It sticks to the body's
 * bottom edge, not 1.25rem above it: Chromium keeps a sticky box inside the scroller's padding, so
 * with bottom-0 the list showed through the padding below the buttons (seen on a 375 px phone);
 * -bottom-5 is that padding.
 */
export function ModalFooter({ children, className }: { children: ReactNode; className?: string }) {
  return (
    <div
      data-testid="modal-footer"
      className={cx(
        'sticky -bottom-5 z-10 -mx-5 -mb-5 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white px-5 pt-4',
        'pb-[max(1.25rem,env(safe-area-inset-bottom))] sm:flex-row sm:justify-end',
        className,
      )}
    >
      {children}
    </div>
  );
}
