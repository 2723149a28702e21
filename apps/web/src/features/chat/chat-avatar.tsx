import type { PublicUser } from '@ustaz/contract';
import { Avatar, type AvatarSize } from '../../shared/ui/avatar.tsx';
import { cx } from '../../shared/ui/class-names.ts';

/** The other user's photo (or initials) with a green dot while they are online. */
export function ChatAvatar({
  user,
  online,
  size = 'md',
}: {
  user: Pick<PublicUser, 'firstName' | 'lastName' | 'photo'>;
  online: boolean;
  size?: AvatarSize;
}) {
  return (
    <span className="relative inline-flex shrink-0">
      <Avatar firstName={user.firstName} lastName={user.lastName} photoUrl={user.photo?.path} size={size} />
      {online ? (
        <span
          aria-hidden="true"
          data-testid="online-dot"
          className={cx(
            'absolute end-0 bottom-0 rounded-full bg-emerald-500 ring-2 ring-white',
            size === 'sm' ? 'size-2.5' : 'size-3',
          )}
        />
      ) : null}
    </span>
  );
}

export function fullName(user: Pick<PublicUser, 'firstName' | 'lastName'>): string {
  return `${user.firstName} ${user.lastName}`.trim();
}
