import { TRIAL_MINUTES } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../i18n/language.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatKwd } from '../lib/format.ts';
import { buttonClasses } from '../ui/button.tsx';

/** Trial lessons (issue 32, ADR 035): the offer on a card or page, the badge of a slot or lesson, the weekly link. */

/** "Trial lesson 30 min: KWD 2.500", when the teacher offers a trial (`trialPrice` set); nothing otherwise. */
export function TrialOffer({
  trialPrice,
  className = '',
}: {
  trialPrice: string | null | undefined;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  if (!trialPrice) return null;
  return (
    <p className={`text-sm font-semibold text-emerald-700 ${className}`} data-testid="trial-offer">
      {t('trial.offer', { minutes: TRIAL_MINUTES, price: formatKwd(trialPrice, language) })}
    </p>
  );
}

/** The "Trial" mark of a trial slot or reservation. */
export function TrialBadge({ className = '' }: { className?: string }) {
  const { t } = useTranslation();
  return (
    <span
      className={`inline-flex items-center rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-bold text-emerald-800 ${className}`}
      data-testid="trial-badge"
    >
      {t('trial.badge')}
    </span>
  );
}

/** The way to the standing weekly booking after a trial: the teacher page's weekly flow (`?weekly=1`). */
export function WeeklyWithTeacherLink({ teacherId, teacherName }: { teacherId: number; teacherName: string }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <Link
      to={`${localePath(language, `/teachers/${teacherId}`)}?weekly=1`}
      className={buttonClasses({ variant: 'primary', size: 'sm' })}
      data-testid="weekly-offer"
    >
      {t('trial.weekly', { teacher: teacherName })}
    </Link>
  );
}
