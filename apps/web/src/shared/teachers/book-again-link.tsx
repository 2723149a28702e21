import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { localePath } from '../i18n/language.ts';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { type ButtonSize, type ButtonVariant, buttonClasses } from '../ui/button.tsx';
import { CalendarPlus } from '../ui/icons.tsx';

/** The teacher page's open-slots section (its heading's id): "book again" lands there. */
export const TEACHER_SLOTS_ANCHOR = 'teacher-slots-title';

/**
 * "Book again" with a teacher: to their page's open slots. One link for "Your teachers", the
 * favourites in the profile, past lessons in the reservations list and the chat with a teacher.
 */
export function BookAgainLink({
  teacherProfileId,
  name,
  label = 'bookAgain',
  variant = 'primary',
  size = 'sm',
  className,
}: {
  teacherProfileId: number;
  /** The teacher's name, for the link's accessible name ("Book again with …"). */
  name: string;
  /** "Book again" (a teacher booked before) or "Book" (a saved teacher). */
  label?: 'bookAgain' | 'book';
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  const { t } = useTranslation();
  const language = useCurrentLanguage();
  return (
    <Link
      to={localePath(language, `/teachers/${teacherProfileId}#${TEACHER_SLOTS_ANCHOR}`)}
      className={buttonClasses({ variant, size, className })}
      aria-label={t(label === 'book' ? 'yourTeachers.bookWith' : 'yourTeachers.bookAgainWith', { name })}
      data-testid="book-again"
    >
      <CalendarPlus aria-hidden="true" className="size-4" />
      {t(label === 'book' ? 'yourTeachers.book' : 'yourTeachers.bookAgain')}
    </Link>
  );
}
