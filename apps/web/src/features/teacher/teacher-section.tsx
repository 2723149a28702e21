import type { ReactNode } from 'react';
import { cx } from '../../shared/ui/class-names.ts';

/**
 * A card of the teacher page: its h2 (`titleId` names the section) and `children`; `aside` sits at
 * the heading's far end when given.
 */
export function TeacherSection({
  titleId,
  title,
  aside,
  children,
}: {
  titleId: string;
  title: string;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const heading = (
    <h2 id={titleId} className={cx(!aside && 'mb-4', 'text-xl font-bold text-slate-900')}>
      {title}
    </h2>
  );
  return (
    <section aria-labelledby={titleId} className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
      {aside ? (
        <div className="mb-4 flex flex-wrap items-end justify-between gap-2">
          {heading}
          {aside}
        </div>
      ) : (
        heading
      )}
      {children}
    </section>
  );
}
