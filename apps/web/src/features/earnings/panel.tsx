import type { ReactNode } from 'react';
import { TitledSection } from '../../shared/ui/titled-section.tsx';

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
    <TitledSection titleId={id} title={title} icon={icon} size="lg" className="gap-3 p-4">
      {children}
    </TitledSection>
  );
}
