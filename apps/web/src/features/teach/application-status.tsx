import type { TeacherApplication } from '@ustaz/contract';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatLongDate } from '../../shared/lib/dates/formats.ts';
import { formatKwd } from '../../shared/lib/format.ts';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { cx } from '../../shared/ui/class-names.ts';
import { CircleCheck, CircleX, Hourglass } from '../../shared/ui/icons.tsx';

const LOOK = {
  pending: { Icon: Hourglass, tone: 'border-amber-200 bg-amber-50', badge: 'bg-amber-100 text-amber-800' },
  approved: { Icon: CircleCheck, tone: 'border-emerald-200 bg-emerald-50', badge: 'bg-emerald-100 text-emerald-800' },
  rejected: { Icon: CircleX, tone: 'border-red-200 bg-red-50', badge: 'bg-red-100 text-red-800' },
} as const;

/** The applicant's newest application: its status, what it holds, and what they can do next. */
export function ApplicationStatus({
  application,
  onApplyAgain,
}: {
  application: TeacherApplication;
  onApplyAgain: () => void;
}) {
  const { t } = useTranslation('teach');
  const language = useCurrentLanguage();
  const { status } = application;
  const { Icon, tone, badge } = LOOK[status];
  const subjects = application.subjects.map((subject) => (language === 'ar' ? subject.nameAr : subject.nameEn));
  return (
    <section
      aria-labelledby="application-status-title"
      className={cx('flex flex-col gap-4 rounded-xl border p-5 sm:p-6', tone)}
      data-testid={`application-${status}`}
    >
      <div className="flex flex-wrap items-center gap-3">
        <Icon aria-hidden="true" className="size-7 shrink-0 text-slate-800" />
        <h2 id="application-status-title" className="text-xl font-bold text-slate-900">
          {t('status.title')}
        </h2>
        <span className={cx('rounded-full px-3 py-1 text-sm font-semibold', badge)}>{t(`status.${status}.label`)}</span>
        <span className="text-sm text-slate-600 sm:ms-auto">
          {t('status.sentOn', { date: formatLongDate(application.createdAt, language) })}
        </span>
      </div>
      <p className="text-slate-800">{t(`status.${status}.body`)}</p>
      {status === 'rejected' && application.rejectionReason ? (
        <p className="rounded-lg bg-white p-3 text-slate-800">
          <span className="font-semibold">{t('status.rejected.reason')}</span>{' '}
          <bdi dir="auto" className="wrap-anywhere">
            {application.rejectionReason}
          </bdi>
        </p>
      ) : null}
      <dl className="grid gap-2 text-sm sm:grid-cols-2">
        <div>
          <dt className="font-semibold text-slate-600">{t('status.subjects')}</dt>
          <dd className="text-slate-900">{subjects.join(language === 'ar' ? '، ' : ', ')}</dd>
        </div>
        <div>
          <dt className="font-semibold text-slate-600">{t('status.rate')}</dt>
          <dd className="text-slate-900">{formatKwd(application.hourlyRate, language)}</dd>
        </div>
      </dl>
      {status === 'approved' ? (
        <Link to={localePath(language, '/profile')} className={buttonClasses({ className: 'self-start' })}>
          {t('status.approved.action')}
        </Link>
      ) : null}
      {status === 'rejected' ? (
        <Button className="self-start" onClick={onApplyAgain}>
          {t('status.rejected.again')}
        </Button>
      ) : null}
    </section>
  );
}
