import { HOME } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { cx } from '../../shared/ui/class-names.ts';
import { CalendarCheck, type LucideIcon, Search, Video } from '../../shared/ui/icons.tsx';
import { HomeSection } from './home-section.tsx';
import { translatedList } from './translated-list.ts';
import { useRotatingIndex } from './use-rotating-index.ts';

const STEP_ICONS: LucideIcon[] = [Search, CalendarCheck, Video];

/** Spec 2 "How it works": 3 numbered steps; the highlighted one moves on every 3 s. */
export function HowItWorksSection() {
  const { t } = useTranslation('home');
  const language = useCurrentLanguage();
  const steps = translatedList(t('howItWorks.steps', { returnObjects: true }), ['title', 'description']);
  const active = useRotatingIndex(steps.length, HOME.howItWorksRotationMs);

  return (
    <HomeSection
      id="how-it-works"
      className="scroll-mt-20 py-16 sm:py-20"
      title={t('howItWorks.title')}
      subtitle={t('howItWorks.subtitle')}
    >
      <ol className="mt-12 grid gap-6 md:grid-cols-3">
        {steps.map((step, index) => {
          const Icon = STEP_ICONS[index % STEP_ICONS.length] ?? Search;
          const highlighted = index === active;
          return (
            <li
              key={step.title}
              data-testid="how-it-works-step"
              data-active={highlighted}
              className={cx(
                'relative rounded-2xl border p-6 transition-all duration-500',
                highlighted
                  ? 'border-primary bg-primary text-white shadow-xl shadow-primary/25 md:-translate-y-1'
                  : 'border-slate-200 bg-white text-slate-900',
              )}
            >
              <div className="flex items-center justify-between">
                <span
                  className={cx(
                    'inline-flex size-12 items-center justify-center rounded-xl',
                    highlighted ? 'bg-white/15 text-white' : 'bg-primary/10 text-primary',
                  )}
                >
                  <Icon aria-hidden="true" className="size-6" />
                </span>
                <span
                  aria-hidden="true"
                  className={cx('text-4xl font-black', highlighted ? 'text-white/30' : 'text-slate-300')}
                >
                  {formatNumber(index + 1, language)}
                </span>
              </div>
              <h3 className="mt-5 text-xl font-bold">
                <span className="sr-only">{t('howItWorks.stepLabel', { number: index + 1 })}: </span>
                {step.title}
              </h3>
              <p className={cx('mt-2 leading-7', highlighted ? 'text-white/90' : 'text-slate-600')}>
                {step.description}
              </p>
            </li>
          );
        })}
      </ol>
    </HomeSection>
  );
}
