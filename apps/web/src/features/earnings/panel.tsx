import type { ReactNode } from 'react';

/** A boxed side section of the earnings page, named by its heading. */
export function Panel({
  id,
  title,
  icon,
  children,
}: {
  id: string;
  title: string;
  icon?: ReactNode;
  children: ReactNode;
}) {
  return (
    <section aria-labelledby={id} className="flex flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4">
      <h2 id={id} className="flex items-center gap-2 text-lg font-bold text-slate-900">
        {icon}
        {title}
      </h2>
      {children}
    </section>
  );
}
