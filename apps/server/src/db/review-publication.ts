import { PUBLISH_AFTER_MS, REVIEW_WINDOW_MS } from '@ustaz/contract';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Double-blind publication (ADR 015) of the `reviews` row in scope, decided at read time from the
 * rows and the clock: published once the other side of its reservation has reviewed too, or else 7
 * days after it was written but never before the other side's review deadline (the lesson's end
 * plus the review window; `reviewPublishesAt` in the contract is the same rule). `now` is a
 * parameter so tests can move time.
 */
export function reviewPublishedSql(now: Date): SQL<boolean> {
  const written = new Date(now.getTime() - PUBLISH_AFTER_MS).toISOString();
  const ended = new Date(now.getTime() - REVIEW_WINDOW_MS).toISOString();
  return sql<boolean>`((reviews.created_at <= ${written}::timestamptz
      and coalesce((select coalesce(lesson.end_time, lesson.completed_at) <= ${ended}::timestamptz
        from reservations lesson where lesson.id = reviews.reservation_id), true))
    or exists (select 1 from reviews other_side where other_side.reservation_id = reviews.reservation_id
      and other_side.type <> reviews.type))`;
}
