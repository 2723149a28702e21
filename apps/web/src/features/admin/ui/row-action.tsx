import type { ReactNode } from 'react';
import { Button } from '../../../shared/ui/button.tsx';
import type { LucideIcon } from '../../../shared/ui/icons.tsx';

/**
 * A button in a list's row: a small icon and a short word, with `label` naming what it acts on
 * for assistive technology ("Hide review #12"). A spinner while `loading`.
 */
export function RowAction({
  icon: Icon,
  label,
  onClick,
  variant = 'outline',
  loading,
  disabled,
  children,
}: {
  icon: LucideIcon;
  label: string;
  onClick: () => void;
  variant?: 'primary' | 'outline' | 'ghost';
  loading?: boolean;
  disabled?: boolean;
  children: ReactNode;
}) {
  return (
    <Button size="sm" variant={variant} onClick={onClick} loading={loading} disabled={disabled} aria-label={label}>
      <Icon aria-hidden="true" className="size-4" />
      {children}
    </Button>
  );
}
