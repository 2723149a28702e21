import { describe, expect, it } from 'vitest';
import { PUBLISH_AFTER_MS, REVIEW_WINDOW_MS, reviewPublishesAt } from './review-publication.ts';

const DAY = 86_400_000;
const ended = Date.parse('2026-12-02T18:00:00Z');
const deadline = new Date(ended + REVIEW_WINDOW_MS);

describe('reviewPublishesAt (issue 30 item 7)', () => {
  it('a review written early waits for the review deadline, not just 7 days (13/12 vs 16/12)', () => {
    const written = new Date(ended + DAY);
    expect(written.getTime() + PUBLISH_AFTER_MS).toBeLessThan(deadline.getTime());
    expect(reviewPublishesAt(written, deadline)).toEqual(deadline);
    expect(reviewPublishesAt(written.toISOString(), deadline.toISOString())).toEqual(deadline);
  });

  it('a review written late is published 7 days after writing, past the deadline', () => {
    const written = new Date(ended + 10 * DAY);
    expect(reviewPublishesAt(written, deadline)).toEqual(new Date(written.getTime() + PUBLISH_AFTER_MS));
  });

  it('without a deadline, 7 days after writing', () => {
    const written = new Date(ended);
    expect(reviewPublishesAt(written, null)).toEqual(new Date(ended + PUBLISH_AFTER_MS));
  });
});
