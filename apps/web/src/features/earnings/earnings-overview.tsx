import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { CalendarDays, Landmark } from '../../shared/ui/icons.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { EarningsFigures, EarningsStates } from './earnings-summary.tsx';

/**
 * A teacher's earnings on their own profile: available, pending (with when it becomes available)
 * and paid out, with links to the earnings page and to the schedule. It takes the place of the
 * student's wallet (top-up, subscription hours), which is not what a teacher looks for there.
 */
export function EarningsOverview() {
  const { t } = useTranslation('earnings');
  const language = useCurrentLanguage();
  return (
    <TitledSection
      titleId="earnings-overview-title"
      title={t('profile.title')}
      className="gap-5 p-5 shadow-sm sm:p-6"
      testId="earnings-overview"
      actions={
        <div className="flex flex-wrap gap-2">
          <Link to={localePath(language, '/schedule')} className={buttonClasses({ variant: 'outline', size: 'md' })}>
            <CalendarDays aria-hidden="true" className="size-4" />
            {t('profile.schedule')}
          </Link>
          <Link to={localePath(language, '/earnings')} className={buttonClasses({ variant: 'primary', size: 'md' })}>
            <Landmark aria-hidden="true" className="size-4" />
            {t('profile.open')}
          </Link>
        </div>
      }
    >
      <EarningsStates>{(summary) => <EarningsFigures summary={summary} />}</EarningsStates>
    </TitledSection>
  );
}
