import type { TeacherProfile } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../i18n/language.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { formatKwd } from '../lib/format.ts';
import { buttonClasses } from '../ui/button.tsx';
import { FavouriteButton } from './favourite-button.tsx';
import { RatingStars } from './rating-stars.tsx';
import { TeacherAvatar } from './teacher-avatar.tsx';
import { TrialOffer } from './trial-lesson.tsx';

/**
 * A teacher in a carousel or a results grid: photo, name, major, rating, subjects, bio, rate, read
 * more, the favourite heart at the top end, and `action` (the favourites list's "Book") after read more.
 */
export function TeacherCard({ teacher, action }: { teacher: TeacherProfile; action?: ReactNode }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const name = `${teacher.user.firstName} ${teacher.user.lastName}`;
  const rate = formatKwd(teacher.hourlyRate, language);
  return (
    <article
      className="relative flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition-shadow hover:shadow-md"
      data-testid="teacher-card"
    >
      <FavouriteButton teacherId={teacher.id} name={name} className="absolute end-3 top-3" />
      <div className="flex items-center gap-4 pe-10">
        <TeacherAvatar teacher={teacher} size="lg" className="bg-primary/10 text-primary" />
        <div className="min-w-0">
          <h3
            className="line-clamp-2 text-lg font-bold wrap-anywhere text-slate-900"
            dir="auto"
            data-testid="teacher-card-name"
          >
            {name}
          </h3>
          {teacher.major && (
            <p className="truncate text-sm text-slate-600" dir="auto">
              {teacher.major}
            </p>
          )}
          <RatingStars rating={teacher.averageRating} count={teacher.ratingCount} />
        </div>
      </div>
      {teacher.subjects.length > 0 && (
        <ul className="mt-4 flex flex-wrap gap-1.5">
          {teacher.subjects.slice(0, 4).map((subject) => (
            <li
              key={subject.id}
              className="rounded-full bg-primary/10 px-2.5 py-0.5 text-xs font-semibold wrap-anywhere text-primary"
            >
              {subject.name}
            </li>
          ))}
        </ul>
      )}
      <p
        className="mt-3 line-clamp-3 text-sm leading-6 wrap-anywhere text-slate-600"
        dir="auto"
        data-testid="teacher-card-bio"
      >
        {teacher.bio}
      </p>
      <TrialOffer trialPrice={teacher.trialPrice} className="mt-2" />
      <div className="mt-auto flex items-center justify-between gap-3 pt-4">
        <span className="text-sm text-slate-700">
          {rate ? t('teachers.perHour', { price: rate }) : t('teachers.priceUnavailable')}
        </span>
        <Link
          to={localePath(language, `/teachers/${teacher.id}`)}
          className={buttonClasses({ variant: 'outline', size: 'sm', className: 'relative' })}
        >
          {/* The link's text names the teacher too (for crawlers and screen readers), the eye sees "Read more". */}
          <span aria-hidden="true">{t('teachers.readMore')}</span>
          <span className="sr-only">{t('teachers.readMoreAbout', { name })}</span>
        </Link>
        {action}
      </div>
    </article>
  );
}
