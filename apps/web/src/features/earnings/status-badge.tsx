import type { StatementLineStatus } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/class-names.ts';

const TONES: Record<StatementLineStatus, string> = {
  pending: 'bg-amber-50 text-amber-800',
  earned: 'bg-emerald-50 text-emerald-800',
  requested: 'bg-sky-50 text-sky-800',
  paid: 'bg-emerald-50 text-emerald-800',
  rejected: 'bg-red-50 text-red-800',
};

/** A lesson's or a payout's status as a small coloured label. */
export function StatusBadge({ status }: { status: StatementLineStatus }) {
  const { t } = useTranslation('earnings');
  return (
    <span className={cx('inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap', TONES[status])}>
      {t(`statement.statuses.${status}`)}
    </span>
  );
}
