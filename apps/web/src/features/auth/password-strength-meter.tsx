import { useTranslation } from 'react-i18next';
import { cx } from '../../shared/ui/class-names.ts';
import { type PasswordForm, strengthOf } from './auth-schemas.ts';

const BAR_COLORS = ['bg-red-600', 'bg-red-600', 'bg-orange-500', 'bg-amber-500', 'bg-lime-600', 'bg-emerald-600'];
const TEXT_COLORS = [
  'text-red-700',
  'text-red-700',
  'text-orange-700',
  'text-amber-700',
  'text-lime-700',
  'text-emerald-700',
];

/** A password's strength meter: 5 bars for the score 0 to 5 and its label, judged by the form's own rule. */
export function PasswordStrengthMeter({ password, form }: { password: string; form: PasswordForm }) {
  const { t } = useTranslation('auth');
  const { score, label } = strengthOf(password, form);
  const text = t(`strength.${label}`);
  return (
    <div className="flex flex-col gap-1.5" data-testid="password-strength" data-score={score}>
      <div aria-hidden="true" className="grid grid-cols-5 gap-1">
        {[1, 2, 3, 4, 5].map((bar) => (
          <span key={bar} className={cx('h-1.5 rounded-full', bar <= score ? BAR_COLORS[score] : 'bg-slate-200')} />
        ))}
      </div>
      <p aria-live="polite" className="text-sm text-slate-600">
        {t('strength.title')}: <span className={cx('font-semibold', TEXT_COLORS[score])}>{text}</span>
      </p>
    </div>
  );
}
