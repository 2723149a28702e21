import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../../shared/i18n/language.ts';
import { useCurrentLanguage } from '../../shared/i18n/use-current-language.ts';
import { BookAgainLink } from '../../shared/teachers/book-again-link.tsx';
import { useFavourites } from '../../shared/teachers/favourites-api.ts';
import { TeacherCard } from '../../shared/teachers/teacher-card.tsx';
import { buttonClasses } from '../../shared/ui/button.tsx';
import { Heart, Search } from '../../shared/ui/icons.tsx';
import { listPlaceholders } from '../../shared/ui/paged-query-states.tsx';
import { QueryStates } from '../../shared/ui/query-states.tsx';
import { EmptyCard } from '../../shared/ui/state-card.tsx';

/**
 * "Favourite teachers" on a student's profile (issue 32): the teachers they saved with the heart,
 * the newest first, each card with its heart (to take it back), its page and "Book" (the page's
 * open slots). Placeholders while loading, a retry on an error, a way to search when there are none.
 */
export function FavouriteTeachers() {
  const { t } = useTranslation('profile');
  const language = useCurrentLanguage();
  const query = useFavourites(language);
  return (
    <section
      aria-labelledby="favourite-teachers-title"
      className="flex flex-col gap-5 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6"
      data-testid="favourite-teachers"
    >
      <h2 id="favourite-teachers-title" className="flex items-center gap-2 text-xl font-bold text-slate-900">
        <Heart aria-hidden="true" className="size-5 text-rose-600" />
        {t('favourites.title')}
      </h2>
      <QueryStates
        query={query}
        loading={listPlaceholders(t('favourites.loading'), 'grid', 2, 'h-64', 'favourites-loading')}
        error={{
          title: t('favourites.errorTitle'),
          body: t('favourites.errorBody'),
          testId: 'favourites-error',
          headingLevel: 3,
        }}
        isEmpty={(page) => page.data.length === 0}
        empty={
          <EmptyCard
            icon={<Heart aria-hidden="true" className="size-8 text-primary" />}
            title={t('favourites.emptyTitle')}
            body={t('favourites.emptyBody')}
            testId="favourites-empty"
            headingLevel={3}
          >
            <Link to={localePath(language, '/teachers')} className={buttonClasses({ variant: 'primary' })}>
              <Search aria-hidden="true" className="size-4" />
              {t('favourites.browse')}
            </Link>
          </EmptyCard>
        }
      >
        {(page) => (
          <ul className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            {page.data.map(({ teacher }) => (
              <li key={teacher.id}>
                <TeacherCard
                  teacher={teacher}
                  action={
                    <BookAgainLink
                      teacherProfileId={teacher.id}
                      name={`${teacher.user.firstName} ${teacher.user.lastName}`.trim()}
                      label="book"
                    />
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </QueryStates>
    </section>
  );
}
