import { useQuery } from '@tanstack/react-query';
import type { TeacherProfile } from '@ustaz/contract';
import type { Language } from '@ustaz/contract/constants';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { apiRequest } from '../http/client.ts';
import { localePath } from '../i18n/language.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { buttonClasses } from '../ui/button.tsx';
import { MessageCircle } from '../ui/icons.tsx';
import { BookAgainLink } from './book-again-link.tsx';
import { TeacherAvatar } from './teacher-avatar.tsx';

/** GET /api/teachers/previously-interacted: the teachers the signed-in student has booked, the latest first. */
export function getPreviouslyInteracted(lang: Language, signal?: AbortSignal): Promise<TeacherProfile[]> {
  return apiRequest('/api/teachers/previously-interacted', (contract) => contract.teacherProfilesResponseSchema, {
    query: { lang },
    signal,
  });
}

export function usePreviouslyInteracted(lang: Language) {
  return useQuery({
    queryKey: ['teachers', 'previously-interacted', lang] as const,
    queryFn: ({ signal }) => getPreviouslyInteracted(lang, signal),
    staleTime: 60_000,
  });
}

/**
 * "Your teachers" (spec 7 previously-interacted): a row of the teachers a student has booked, each
 * with "book again" (their page's open slots) and "message" (the conversation with them). Nothing
 * while loading, on an error, or when there is no one yet: the page around it stays as it was.
 * Loaded lazily (`YourTeachers`), so the home page's first JavaScript does not carry it.
 */
export function YourTeachersRow({ className }: { className?: string }) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  const query = usePreviouslyInteracted(language);
  const teachers = query.data ?? [];
  if (teachers.length === 0) return null;
  return (
    <section aria-labelledby="your-teachers-title" className={className} data-testid="your-teachers">
      <h2 id="your-teachers-title" className="text-xl font-bold text-slate-900">
        {t('yourTeachers.title')}
      </h2>
      <ul className="mt-4 flex snap-x gap-4 overflow-x-auto pb-2">
        {teachers.map((teacher) => {
          const name = `${teacher.user.firstName} ${teacher.user.lastName}`.trim();
          const subject = teacher.subjects[0]?.name;
          return (
            <li
              key={teacher.id}
              className="flex w-64 shrink-0 snap-start flex-col gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm"
              data-testid="your-teacher"
            >
              <div className="flex items-center gap-3">
                <TeacherAvatar teacher={teacher} size="md" className="shrink-0" />
                <div className="min-w-0">
                  <p className="truncate font-semibold text-slate-900" dir="auto">
                    {name}
                  </p>
                  {subject ? (
                    <p className="truncate text-sm text-slate-600" dir="auto">
                      {subject}
                    </p>
                  ) : null}
                </div>
              </div>
              <div className="flex gap-2">
                <BookAgainLink teacherProfileId={teacher.id} name={name} className="flex-1" />
                <Link
                  to={localePath(language, `/chats/${teacher.userId}`)}
                  className={buttonClasses({ variant: 'outline', size: 'sm' })}
                  aria-label={t('yourTeachers.messageTo', { name })}
                >
                  <MessageCircle aria-hidden="true" className="size-4" />
                  {t('yourTeachers.message')}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
