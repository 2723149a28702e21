/** A review is taken within this long after its lesson ended (spec 9). */
export const REVIEW_WINDOW_MS = 14 * 24 * 60 * 60 * 1000;

/** A review written alone is published this long after it was written at the earliest (ADR 015). */
export const PUBLISH_AFTER_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * When a review nobody answered is published (double-blind, ADR 015): 7 days after it was written,
 * but never before the review deadline (the lesson's end plus `REVIEW_WINDOW_MS`), so
 * the other side cannot read it before writing theirs. Both sides reviewing publishes it sooner.
 */
export function reviewPublishesAt(createdAt: Date | string, reviewDeadline: Date | string | null): Date {
  const afterWriting = new Date(createdAt).getTime() + PUBLISH_AFTER_MS;
  const deadline = reviewDeadline === null ? 0 : new Date(reviewDeadline).getTime();
  return new Date(Math.max(afterWriting, deadline));
}
