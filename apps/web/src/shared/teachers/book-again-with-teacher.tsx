import { ROLE } from '@ustaz/contract/constants';
import { useAuth } from '../auth/auth-context.tsx';
import { useCurrentLanguage } from '../i18n/use-current-language.ts';
import { BookAgainLink } from './book-again-link.tsx';
import { usePreviouslyInteracted } from './your-teachers-row.tsx';

/**
 * "Book again" in a student's chat with a teacher they have booked before: the teacher's profile
 * comes from "Your teachers" (GET /api/teachers/previously-interacted, the same cached list), so a
 * teacher never booked, a teacher no longer listed, or a viewer who is not a student shows nothing.
 */
export function BookAgainWithTeacher({ teacherUserId, className }: { teacherUserId: number; className?: string }) {
  const { user } = useAuth();
  if (user?.role.id !== ROLE.student) return null;
  return <BookAgainIfBooked teacherUserId={teacherUserId} className={className} />;
}

function BookAgainIfBooked({ teacherUserId, className }: { teacherUserId: number; className?: string }) {
  const language = useCurrentLanguage();
  const teacher = usePreviouslyInteracted(language).data?.find((one) => one.userId === teacherUserId);
  if (!teacher) return null;
  const name = `${teacher.user.firstName} ${teacher.user.lastName}`.trim();
  return <BookAgainLink teacherProfileId={teacher.id} name={name} variant="outline" className={className} />;
}
