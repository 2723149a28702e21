import type { ReactNode } from 'react';
import { cx } from '../class-names.ts';

/** A dialog's heading (the id its aria-labelledby names); nothing when there is no title. */
export function ModalTitle({ id, className, children }: { id?: string; className?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <h2 id={id} className={cx('text-lg font-bold text-slate-900', className)}>
      {children}
    </h2>
  );
}
