import { type Describe, type KnownKind, titled } from './notification-types.ts';
import { amountText, lessonMoment, otherPartyAndStart, positiveInteger, WALLET_PATH } from './notification-values.ts';

/**
 * The weekly habit's notifications (issue 32): a lesson moved (both parties), the teacher's proposal
 * of a new time (the student) and the student's answer (the teacher), a standing series' weekly charge
 * that failed (the student) and the week released unpaid (both). With the other person and the start
 * in the data the text names them; older or thinner data reads as the plain text.
 */
const described =
  <K extends KnownKind>(): Describe<K> =>
  ({ kind, data, language }) => {
    const about = otherPartyAndStart(data, language);
    const id = positiveInteger(data.reservationId);
    return titled(
      kind,
      about ? { key: `${kind}.bodyWith`, values: about } : { key: `${kind}.body` },
      id ? `/lessons/${id}` : '/reservations',
    );
  };

/** The charge failed: how much is missing and until when the student may top up, and the wallet to do it. */
const chargeFailed: Describe<'standing.chargeFailed'> = ({ kind, data, language }) => {
  const about = otherPartyAndStart(data, language);
  const short = amountText(data.short, language);
  const deadline = lessonMoment(data.deadline, language);
  return titled(
    kind,
    about && short && deadline
      ? { key: `${kind}.bodyWith`, values: { ...about, short, deadline } }
      : { key: `${kind}.body` },
    WALLET_PATH,
  );
};

type WeeklyKind = Extract<KnownKind, 'booking.rescheduled' | `reservation.${string}` | `standing.${string}`>;

export const WEEKLY_NOTIFICATIONS: { [K in WeeklyKind]: Describe<K> } = {
  'booking.rescheduled': described(),
  'reservation.proposal': described(),
  'reservation.proposalAccepted': described(),
  'reservation.proposalDeclined': described(),
  'standing.chargeFailed': chargeFailed,
  'standing.released': described(),
};
