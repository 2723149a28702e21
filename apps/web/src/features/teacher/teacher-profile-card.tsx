import type { TeacherProfile } from '@ustaz/contract';
import { ROLE } from '@ustaz/contract/constants';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useAuth } from '../../shared/auth/auth-context.tsx';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { formatKwd, formatNumber } from '../../shared/lib/format.ts';
import { FavouriteButton } from '../../shared/teachers/favourite-button.tsx';
import { RatingStars } from '../../shared/teachers/rating-stars.tsx';
import { TeacherAvatar } from '../../shared/teachers/teacher-avatar.tsx';
import { TrialOffer } from '../../shared/teachers/trial-lesson.tsx';
import { Button, buttonClasses } from '../../shared/ui/button.tsx';
import { BookOpen, Briefcase, CalendarCheck, CirclePlay, MessageCircle, Wallet } from '../../shared/ui/icons.tsx';

/**
 * The teacher's photo, name, major, rating, figures, subjects and bio, with `actions` (the video,
 * message and favourite buttons: TeacherProfileActions) beside the name.
 */
export function TeacherProfileCard({ teacher, actions }: { teacher: TeacherProfile; actions: ReactNode }) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const name = `${teacher.user.firstName} ${teacher.user.lastName}`.trim();
  const rate = formatKwd(teacher.hourlyRate, language);
  return (
    <article className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
      <div className="h-24 bg-gradient-to-br from-primary/20 via-primary/10 to-secondary/10 sm:h-28" />
      <div className="px-4 pb-6 sm:px-6">
        <div className="-mt-12 flex flex-col gap-4 sm:flex-row sm:items-end">
          <TeacherAvatar
            teacher={teacher}
            size="xl"
            className="border-4 border-white bg-primary/10 text-primary shadow-md"
          />
          <div className="min-w-0 flex-1">
            {/* The block keeps the page's alignment; the name itself is isolated in its own direction. */}
            <h1 className="text-2xl font-extrabold wrap-anywhere text-slate-900 sm:text-3xl" data-testid="teacher-name">
              <span dir="auto">{name}</span>
            </h1>
            {teacher.major ? (
              <p className="mt-1 wrap-anywhere text-slate-600">
                <span dir="auto">{teacher.major}</span>
              </p>
            ) : null}
            <div className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1">
              <RatingStars rating={teacher.averageRating} count={teacher.ratingCount === 0 ? 0 : undefined} />
              {teacher.ratingCount > 0 && (
                <span className="text-sm text-slate-500">
                  {t('profile.reviews', {
                    count: teacher.ratingCount,
                    number: formatNumber(teacher.ratingCount, language),
                  })}
                </span>
              )}
            </div>
          </div>
          {/* The video, message and favourite buttons: the card's only interactive part (an island on the teacher page). */}
          <div className="flex flex-wrap gap-2">{actions}</div>
        </div>

        <dl className="mt-6 grid grid-cols-2 gap-3 lg:grid-cols-4">
          <Figure icon={<Briefcase className="size-5" />} label={t('profile.experience')}>
            {t('profile.years', {
              count: teacher.experienceYears,
              number: formatNumber(teacher.experienceYears, language),
            })}
          </Figure>
          <Figure icon={<CalendarCheck className="size-5" />} label={t('profile.bookings')}>
            {formatNumber(teacher.bookingsCount, language)}
          </Figure>
          <Figure icon={<Wallet className="size-5" />} label={t('profile.hourlyRate')}>
            {rate ?? t('teachers.priceUnavailable', { ns: 'common' })}
          </Figure>
          <Figure icon={<BookOpen className="size-5" />} label={t('profile.subjectsCount')}>
            {formatNumber(teacher.subjects.length, language)}
          </Figure>
        </dl>
        <TrialOffer trialPrice={teacher.trialPrice} className="mt-3" />

        {teacher.subjects.length > 0 ? (
          <div className="mt-6">
            <h2 className="text-sm font-bold text-slate-900">{t('profile.subjects')}</h2>
            <ul className="mt-2 flex flex-wrap gap-2">
              {teacher.subjects.map((subject) => (
                <li
                  key={subject.id}
                  className="rounded-full bg-primary/10 px-3 py-1 text-sm font-semibold text-primary"
                  dir="auto"
                >
                  {subject.name}
                </li>
              ))}
            </ul>
          </div>
        ) : null}

        <div className="mt-6">
          <h2 className="text-sm font-bold text-slate-900">{t('profile.about')}</h2>
          {teacher.bio.trim() ? (
            <p
              className="mt-2 whitespace-pre-line leading-7 wrap-anywhere text-slate-700"
              dir="auto"
              data-testid="teacher-bio"
            >
              {teacher.bio}
            </p>
          ) : (
            <p className="mt-2 text-slate-500">{t('profile.noBio')}</p>
          )}
        </div>
      </div>
    </article>
  );
}

function Figure({ icon, label, children }: { icon: ReactNode; label: string; children: ReactNode }) {
  // Only dt and dd inside the group (a dl allows nothing else): the icon sits in the dt.
  return (
    <div className="relative flex min-h-16 flex-col justify-center rounded-xl bg-slate-50 py-3 pe-3 ps-16">
      <dt className="text-xs text-slate-500">
        <span
          aria-hidden="true"
          className="absolute start-3 top-1/2 flex size-10 -translate-y-1/2 items-center justify-center rounded-lg bg-white text-primary"
        >
          {icon}
        </span>
        {label}
      </dt>
      <dd className="min-w-0 font-bold text-slate-900">{children}</dd>
    </div>
  );
}

/** The card's buttons: the intro video, a message (a guest signs in first) and the favourite. */
export function TeacherProfileActions({ teacher, onPlayVideo }: { teacher: TeacherProfile; onPlayVideo: () => void }) {
  const { t } = useTranslation('teacher');
  const language = useCurrentLanguage();
  const { user } = useAuth();
  const name = `${teacher.user.firstName} ${teacher.user.lastName}`.trim();
  const isOwnProfile = user?.id === teacher.userId;
  // Chats are between a student and a teacher: a guest signs in first and comes back to the chat.
  const chatPath = localePath(language, `/chats/${teacher.userId}`);
  const canMessage = !isOwnProfile && (!user || user.role.id === ROLE.student);
  return (
    <>
      {teacher.videoUrl ? (
        <Button variant="primary" onClick={onPlayVideo}>
          <CirclePlay aria-hidden="true" className="size-5" />
          {t('profile.watchVideo')}
        </Button>
      ) : null}
      {canMessage ? (
        <Link
          to={user ? chatPath : localePath(language, '/login')}
          state={user ? undefined : { from: chatPath }}
          className={buttonClasses({ variant: 'outline' })}
        >
          <MessageCircle aria-hidden="true" className="size-5" />
          {t('profile.message')}
        </Link>
      ) : null}
      <FavouriteButton teacherId={teacher.id} name={name} />
    </>
  );
}
