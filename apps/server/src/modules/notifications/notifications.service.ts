import type { Language } from '@ustaz/contract';
import type { Db } from '../../db/client.ts';
import type { NotificationRow } from '../../db/schema.ts';
import { HttpError } from '../../http/errors.ts';
import { fullNameIn } from '../../http/language.ts';
import {
  listNotifications,
  markAllRead,
  markNotificationRead,
  reservationParties,
  unreadCount,
} from './notifications.repo.ts';

/** One page of the user's notifications, the names in them in `language`, and how many of all of them are unread. */
export async function notificationsPage(
  db: Db,
  userId: number,
  page: number,
  limit: number,
  unreadOnly: boolean,
  language: Language,
) {
  const [{ rows, total }, unread] = await Promise.all([
    listNotifications(db, userId, page, limit, unreadOnly),
    unreadCount(db, userId),
  ]);
  return { rows: await namesIn(db, rows, language), total, unread };
}

const NAME_OF = { teacherName: 'teacher', studentName: 'student' } as const;

/**
 * A notice about a lesson names the other party as spelled for the reader's account language when
 * it was sent (ADR 020); the list shows it as spelled for the page's language instead (issue 30
 * item 6: an English page named "فاطمة الكندري"), read again from the lesson's parties.
 */
async function namesIn(db: Db, rows: NotificationRow[], language: Language): Promise<NotificationRow[]> {
  // A booking's notices name its lessons (`reservationIds`): one teacher, one student, as the name says.
  const lessonOf = (row: NotificationRow) => {
    const { reservationId, reservationIds } = row.data;
    const id = Array.isArray(reservationIds) ? reservationIds[0] : reservationId;
    const named = Object.keys(NAME_OF).some((key) => typeof row.data[key] === 'string');
    return named && typeof id === 'number' && Number.isSafeInteger(id) ? id : null;
  };
  const ids = [...new Set(rows.flatMap((row) => lessonOf(row) ?? []))];
  const parties = new Map((await reservationParties(db, ids)).map((party) => [party.id, party]));
  return rows.map((row) => {
    const id = lessonOf(row);
    const party = id === null ? undefined : parties.get(id);
    if (!party) return row;
    const data = { ...row.data };
    for (const [key, side] of Object.entries(NAME_OF)) {
      if (typeof data[key] === 'string') data[key] = fullNameIn(language, party[side]);
    }
    return { ...row, data };
  });
}

export const unreadNotifications = (db: Db, userId: number): Promise<number> => unreadCount(db, userId);

export const markAllNotificationsRead = (db: Db, userId: number): Promise<number> => markAllRead(db, userId);

/** Marks one of the user's own notifications read; another user's, or none, is 404. */
export async function markOneNotificationRead(db: Db, userId: number, id: number) {
  const row = await markNotificationRead(db, userId, id);
  if (!row) throw new HttpError(404, 'notFound', 'Notification not found');
  return row;
}

/**
 * For the other modules (ADR 011): a change stores its notifications in its own transaction (`tx`),
 * so a notification exists exactly when the change it announces does.
 */
export { insertNotifications, type NotificationType } from './notifications.repo.ts';
