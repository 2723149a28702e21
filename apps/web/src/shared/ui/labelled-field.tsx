import type { ReactNode } from 'react';

/** A form control (`children`, whose id is `htmlFor`) under its label. */
export function LabelledField({ htmlFor, label, children }: { htmlFor: string; label: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={htmlFor} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      {children}
    </div>
  );
}
