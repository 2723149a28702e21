import { describe, expect, it } from 'vitest';
import { makeReview } from '../test-support.tsx';
import { toReviewList } from './latest-reviews.ts';

describe('toReviewList', () => {
  it('takes a plain array or one wrapped in data', () => {
    const reviews = [makeReview(1), makeReview(2)];
    expect(toReviewList(reviews)).toEqual(reviews);
    expect(toReviewList({ data: reviews, total: 2 })).toEqual(reviews);
  });

  it('gives an empty list for any other answer, and skips items that are not reviews', () => {
    expect(toReviewList(null)).toEqual([]);
    expect(toReviewList('oops')).toEqual([]);
    expect(toReviewList({ data: 'x' })).toEqual([]);
    expect(toReviewList([makeReview(3), { id: 'x' }, null])).toEqual([makeReview(3)]);
  });
});
