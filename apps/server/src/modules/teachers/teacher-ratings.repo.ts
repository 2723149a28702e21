import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { reviewPublishedSql } from '../../db/review-publication.ts';
import { teacherProfiles } from '../../db/schema.ts';

/**
 * Locks a profile row until the transaction ends, so aggregates recomputed under it count every
 * committed row. `no key update` does not conflict with the key-share locks that inserting rows
 * referencing the profile takes, so concurrent writers queue here instead of deadlocking.
 */
export async function lockProfile(db: Executor, id: number) {
  await db
    .select({ id: teacherProfiles.id })
    .from(teacherProfiles)
    .where(eq(teacherProfiles.id, id))
    .for('no key update');
}

/**
 * What a review of the reviews table needs to count toward a rating: double-blind publication
 * (ADR 015, `reviewPublishedSql`), and a
 * verified lesson (issue 29: paid at least the minimum and attended by both parties).
 */
function publishedReview(now: Date) {
  return sql`${reviewPublishedSql(now)}
  and exists (select 1 from reservations counted where counted.id = reviews.reservation_id and counted.verified_lesson)`;
}

/**
 * Refreshes the rating of every teacher whose stored count no longer matches the published
 * reviews (reviews that became published by time since the last refresh). Idempotent; run by a sweep.
 */
export async function refreshMaturedRatings(db: Executor, now: Date): Promise<void> {
  await db.execute(sql`
    update teacher_profiles tp set average_rating = r.avg, rating_count = r.n, updated_at = now()
    from (select teacher_id, round(avg(rating), 2) as avg, count(*)::int as n from reviews
      where type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}
      group by teacher_id) r
    where tp.id = r.teacher_id and tp.rating_count <> r.n`);
}

export async function refreshRating(db: Executor, id: number, now = new Date()) {
  await db.execute(sql`
    update teacher_profiles set
      average_rating = coalesce((select round(avg(rating), 2) from reviews
        where teacher_id = ${id} and type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}), 0),
      rating_count = (select count(*) from reviews
        where teacher_id = ${id} and type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}),
      updated_at = now()
    where id = ${id}`);
}

/** Recomputes every profile's aggregates from reviews and reservations (seed data). */
export async function refreshAllAggregates(db: Executor, ids: number[], now = new Date()) {
  if (ids.length === 0) return;
  await db.execute(sql`
    update teacher_profiles tp set
      average_rating = coalesce(r.avg, 0), rating_count = coalesce(r.n, 0), bookings_count = coalesce(b.n, 0)
    from teacher_profiles t
      left join (select teacher_id, round(avg(rating), 2) as avg, count(*) as n from reviews
        where type = 'student_to_teacher' and hidden_at is null and ${publishedReview(now)}
        group by teacher_id) r on r.teacher_id = t.id
      left join (select teacher_id, count(*) as n from reservations
        where verified_lesson group by teacher_id) b on b.teacher_id = t.id
    where tp.id = t.id and t.id in (${sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )})`);
}
