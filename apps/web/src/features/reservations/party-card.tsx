import type { Reservation } from '@ustaz/contract';
import type { ReactNode } from 'react';
import { Avatar } from '../../shared/ui/avatar.tsx';
import { cx } from '../../shared/ui/class-names.ts';

/**
 * A card about one reservation (the reservation itself, the review prompt), named by its h3
 * (`headingId`) and headed by the other party's avatar: `heading` beside it, `aside` at the far
 * end, then `children`. `className` is the card's colours.
 */
export function PartyCard({
  reservation,
  other,
  headingId,
  className,
  testId,
  heading,
  aside,
  children,
}: {
  reservation: Reservation;
  other: Reservation['teacher'] | Reservation['student'];
  headingId: string;
  className: string;
  testId: string;
  heading: ReactNode;
  aside: ReactNode;
  children: ReactNode;
}) {
  return (
    <article
      aria-labelledby={headingId}
      className={cx('flex flex-col gap-4 rounded-2xl border p-4 shadow-sm sm:p-5', className)}
      data-testid={testId}
      data-reservation-id={reservation.id}
    >
      <header className="flex items-start gap-3">
        <Avatar firstName={other.firstName} lastName={other.lastName} photoUrl={other.photoUrl} size="md" />
        <div className="min-w-0 flex-1">{heading}</div>
        {aside}
      </header>
      {children}
    </article>
  );
}
