import {
  PROFILE_COMPLETENESS_SLOT_DAYS,
  type ProfileCompletenessItem,
  type TeacherCompleteness,
} from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatNumber } from '../../shared/lib/format.ts';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { Circle, CircleCheck, ExternalLink, Pencil } from '../../shared/ui/icons.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { TitledSection } from '../../shared/ui/titled-section.tsx';
import { useOwnTeacherProfile, useTeacherCompleteness } from './api/own-teacher-profile.ts';
import { ownProfileStates } from './own-profile-states.ts';

/** Where each missing piece is added: a field of the editor, or the availability editor on this page. */
const ACTION_TARGETS: Record<ProfileCompletenessItem, string> = {
  photo: '/profile/edit#teacher-photo',
  bioAr: '/profile/edit#teacher-bio-ar',
  bioEn: '/profile/edit#teacher-bio-en',
  video: '/profile/edit#teacher-video',
  subjects: '/profile/edit#teacher-subjects',
  openSlots: '#availability-title',
};

/**
 * A teacher's own profile, their side of the marketplace (issue 15 "Present yourself"): the card
 * students see (and a link to the public page), then the completeness meter with each missing piece
 * as a link to where it is added and what lacking it costs.
 */
export function TeacherPresence() {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const profile = useOwnTeacherProfile(lang);
  return (
    <TitledSection
      titleId="presence-title"
      title={t('presence.title')}
      className="gap-5 p-5 shadow-sm sm:p-8"
      testId="teacher-presence"
      actions={
        <Link to={localePath(lang, '/profile/edit')} className={buttonClasses({ variant: 'primary', size: 'sm' })}>
          <Pencil aria-hidden="true" className="size-4" />
          {t('presence.edit')}
        </Link>
      }
    >
      <div className="grid items-start gap-6 md:grid-cols-[18rem_minmax(0,1fr)]">
        <QueryStates
          query={profile}
          {...ownProfileStates(t, [1, 'flex', 'h-64 w-full rounded-2xl bg-slate-200'], { headingLevel: 3 })}
        >
          {(data) => (
            <div className="flex flex-col gap-2">
              <p className="text-sm text-slate-600">{t('presence.asStudentsSee')}</p>
              <TeacherCard teacher={data} />
              <Link
                to={localePath(lang, `/teachers/${data.id}`)}
                className="inline-flex min-h-11 items-center gap-2 self-start font-semibold text-primary underline-offset-4 hover:underline"
              >
                {t('presence.openPublicPage')}
                <ExternalLink aria-hidden="true" className="size-4" />
              </Link>
            </div>
          )}
        </QueryStates>
        <CompletenessMeter />
      </div>
    </TitledSection>
  );
}

function CompletenessMeter() {
  const { t } = useTranslation('profile');
  const lang = useCurrentLanguage();
  const completeness = useTeacherCompleteness();
  return (
    <QueryStates
      query={completeness}
      {...ownProfileStates(t, [4, 'flex flex-col gap-3', 'h-12 rounded-lg bg-slate-200'], {
        title: t('presence.errorTitle'),
        headingLevel: 3,
      })}
    >
      {(data) => <Meter data={data} lang={lang} />}
    </QueryStates>
  );
}

function Meter({ data, lang }: { data: TeacherCompleteness; lang: 'ar' | 'en' }) {
  const { t } = useTranslation('profile');
  const percent = data.total === 0 ? 100 : Math.round((data.done / data.total) * 100);
  const missing = data.items.filter((item) => !item.done);
  const days = formatNumber(PROFILE_COMPLETENESS_SLOT_DAYS, lang);
  const count = t('presence.meterCount', {
    done: formatNumber(data.done, lang),
    total: formatNumber(data.total, lang),
  });
  return (
    <div className="flex min-w-0 flex-col gap-4" data-testid="completeness">
      <div className="flex flex-col gap-2">
        <div className="flex items-baseline justify-between gap-3">
          <h3 id="completeness-title" className="font-bold text-slate-900">
            {t('presence.meterTitle')}
          </h3>
          <span className="text-sm font-semibold text-slate-700">{count}</span>
        </div>
        <meter className="sr-only" aria-labelledby="completeness-title" min={0} max={data.total} value={data.done}>
          {count}
        </meter>
        <div aria-hidden="true" className="h-3 overflow-hidden rounded-full bg-slate-200">
          <div
            className={`h-full rounded-full ${percent === 100 ? 'bg-emerald-600' : 'bg-primary'}`}
            style={{ inlineSize: `${percent}%` }}
          />
        </div>
        {missing.length === 0 ? (
          <p className="text-sm font-semibold text-emerald-700">{t('presence.complete')}</p>
        ) : null}
      </div>
      <ul className="flex flex-col gap-2">
        {data.items.map(({ item, done }) => (
          <li
            key={item}
            data-testid={`completeness-${item}`}
            data-done={done}
            className={`flex gap-3 rounded-lg border p-3 ${done ? 'border-slate-100 bg-slate-50' : 'border-amber-200 bg-amber-50'}`}
          >
            {done ? (
              <CircleCheck aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-emerald-600" />
            ) : (
              <Circle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
            )}
            <div className="flex min-w-0 flex-col gap-1">
              <span className={`font-semibold ${done ? 'text-slate-600' : 'text-slate-900'}`}>
                {t(`presence.items.${item}.label`, { days })}
                <span className="sr-only">{done ? t('presence.done') : t('presence.missing')}</span>
              </span>
              {done ? null : (
                <>
                  <span className="text-sm text-slate-700">{t(`presence.items.${item}.cost`)}</span>
                  <ActionLink to={ACTION_TARGETS[item]} lang={lang}>
                    {t(`presence.items.${item}.action`)}
                  </ActionLink>
                </>
              )}
            </div>
          </li>
        ))}
      </ul>
    </div>
  );
}

const ACTION_CLASSES =
  'inline-flex min-h-11 items-center self-start font-semibold text-primary underline underline-offset-4';

/** A missing piece's action: a link to the editor's field, or an anchor on this page (the availability editor). */
function ActionLink({ to, lang, children }: { to: string; lang: 'ar' | 'en'; children: string }) {
  if (to.startsWith('#')) {
    return (
      <a href={to} className={ACTION_CLASSES}>
        {children}
      </a>
    );
  }
  return (
    <Link to={localePath(lang, to)} className={ACTION_CLASSES}>
      {children}
    </Link>
  );
}
