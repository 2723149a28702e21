import { describe, expect, it } from 'vitest';
import { isInvalidResponse } from '../../../shared/http/client.ts';
import { mockApi, ok } from '../../../shared/test/mock-api.ts';
import { makeReview } from '../test-support.tsx';
import { fetchLatestReviews } from './latest-reviews.ts';

describe('fetchLatestReviews', () => {
  it('reads the bare list the server sends', async () => {
    const reviews = [makeReview(1), makeReview(2)];
    const api = mockApi({ 'GET /api/reviews': ok(reviews) });
    await expect(fetchLatestReviews(10)).resolves.toEqual(reviews);
    expect(api.calls[0]?.search.get('limit')).toBe('10');
  });

  it('rejects any other answer (the home page shows its error placeholder)', async () => {
    for (const body of [null, 'oops', { data: [makeReview(1)] }, [makeReview(3), { id: 'x' }]]) {
      mockApi({ 'GET /api/reviews': ok(body) });
      await expect(fetchLatestReviews(10)).rejects.toSatisfy(isInvalidResponse);
    }
  });
});
