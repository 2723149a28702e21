import { type ReactNode, useId } from 'react';

/** A full-width home section with its centred title and subtitle above `children`. */
export function HomeSection({
  id,
  className,
  title,
  subtitle,
  children,
}: {
  id?: string;
  className: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}) {
  const titleId = useId();
  return (
    <section id={id} aria-labelledby={titleId} className={`render-when-near ${className}`}>
      <div className="mx-auto max-w-7xl px-4 sm:px-6">
        <div className="mx-auto max-w-2xl text-center">
          <h2 id={titleId} className="text-3xl font-extrabold text-slate-900">
            {title}
          </h2>
          <p className="mt-3 text-lg leading-8 text-slate-600">{subtitle}</p>
        </div>
        {children}
      </div>
    </section>
  );
}
