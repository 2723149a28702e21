import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { CalendarClock, GraduationCap, Users, Wallet } from '../../shared/ui/icons.tsx';

const POINTS = [
  { key: 'students', Icon: Users },
  { key: 'schedule', Icon: CalendarClock },
  { key: 'earnings', Icon: Wallet },
] as const;

const STEPS = ['account', 'apply', 'review'] as const;

/**
 * What teaching on Ustaz means: the pitch, three reasons and the three steps. A visitor also gets
 * the sign-up and sign-in calls to action (`actions`); a signed-in student sees it above the form.
 */
export function TeachIntro({ actions = false, children }: { actions?: boolean; children?: ReactNode }) {
  const { t } = useTranslation('teach');
  const language = useCurrentLanguage();
  return (
    <section aria-labelledby="teach-title" className="flex flex-col gap-8">
      <div className="flex flex-col items-start gap-3">
        <p className="inline-flex items-center gap-2 rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary">
          <GraduationCap aria-hidden="true" className="size-4" />
          {t('intro.eyebrow')}
        </p>
        <h1 id="teach-title" className="text-3xl font-bold text-slate-900 sm:text-4xl">
          {t('intro.title')}
        </h1>
        <p className="max-w-2xl text-lg text-slate-700">{t('intro.body')}</p>
        {actions ? (
          <div className="mt-2 flex flex-wrap gap-3">
            <Link
              to={localePath(language, '/register')}
              state={{ from: localePath(language, '/teach') }}
              className={buttonClasses({ size: 'lg' })}
            >
              {t('intro.register')}
            </Link>
            <Link
              to={localePath(language, '/login')}
              state={{ from: localePath(language, '/teach') }}
              className={buttonClasses({ variant: 'outline', size: 'lg' })}
            >
              {t('intro.login')}
            </Link>
          </div>
        ) : null}
      </div>
      <ul className="grid gap-4 sm:grid-cols-3">
        {POINTS.map(({ key, Icon }) => (
          <li key={key} className="flex flex-col gap-2 rounded-xl border border-slate-200 bg-white p-5">
            <Icon aria-hidden="true" className="size-6 text-primary" />
            <h2 className="text-lg font-bold text-slate-900">{t(`intro.points.${key}.title`)}</h2>
            <p className="text-slate-700">{t(`intro.points.${key}.body`)}</p>
          </li>
        ))}
      </ul>
      {actions ? (
        <div className="rounded-xl bg-slate-50 p-5">
          <h2 className="mb-3 text-lg font-bold text-slate-900">{t('intro.stepsTitle')}</h2>
          <ol className="flex list-decimal flex-col gap-2 ps-6 text-slate-700">
            {STEPS.map((step) => (
              <li key={step}>{t(`intro.steps.${step}`)}</li>
            ))}
          </ol>
        </div>
      ) : null}
      {children}
    </section>
  );
}
