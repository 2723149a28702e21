import { useTranslation } from 'react-i18next';
import { Button } from './button.tsx';
import { cx } from './class-names.ts';
import { TriangleAlert } from './icons.tsx';

/** A small red box inside a card: what failed to load and a retry button (announced as an alert). */
export function RetryAlert({
  message,
  onRetry,
  retrying,
  bordered = false,
}: {
  message: string;
  onRetry: () => void;
  retrying: boolean;
  bordered?: boolean;
}) {
  const { t } = useTranslation('common');
  return (
    <div
      role="alert"
      className={cx(
        'flex flex-wrap items-center gap-3 rounded-xl',
        bordered && 'border border-red-200',
        'bg-red-50 p-4 text-sm text-red-800',
      )}
    >
      <TriangleAlert aria-hidden="true" className="size-5 shrink-0" />
      <p className="flex-1">{message}</p>
      <Button variant="outline" size="sm" onClick={onRetry} loading={retrying}>
        {t('retry')}
      </Button>
    </div>
  );
}
