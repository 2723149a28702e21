import { useTranslation } from 'react-i18next';
import { cx } from './class-names.ts';

export type SpinnerSize = 'sm' | 'md' | 'lg';

export type SpinnerProps = {
  size?: SpinnerSize;
  /** Read by screen readers; defaults to t('loading'). */
  label?: string;
  className?: string;
};

const SIZE_CLASSES: Record<SpinnerSize, string> = {
  sm: 'size-4 border-2',
  md: 'size-6 border-2',
  lg: 'size-10 border-4',
};

/** A spinning ring with a visually hidden label, announced politely (role="status"). */
export function Spinner({ size = 'md', label, className }: SpinnerProps) {
  const { t } = useTranslation('common');
  return (
    <span role="status" className={cx('inline-flex items-center justify-center', className)}>
      <span
        aria-hidden="true"
        className={cx('animate-spin rounded-full border-current border-t-transparent', SIZE_CLASSES[size])}
      />
      <span className="sr-only">{label ?? t('loading')}</span>
    </span>
  );
}

/** A large spinner centred in a block of at least half the viewport height (route and page loading). */
export function FullPageSpinner({ label }: { label?: string }) {
  return (
    <div className="flex min-h-[50vh] w-full items-center justify-center text-primary">
      <Spinner size="lg" label={label} />
    </div>
  );
}
