import type { TeacherProfile } from '@ustaz/contract';
import { Avatar, type AvatarSize } from '../ui/avatar.tsx';

/** A teacher's photo (or initials) from their profile. */
export function TeacherAvatar({
  teacher,
  size,
  className,
}: {
  teacher: Pick<TeacherProfile, 'user'>;
  size: AvatarSize;
  className: string;
}) {
  const { firstName, lastName, photo } = teacher.user;
  return <Avatar firstName={firstName} lastName={lastName} photoUrl={photo?.path} size={size} className={className} />;
}
