import { desc } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { searchNotFoundLogs } from '../../db/schema.ts';
import { useTestApp } from '../../test/test-app.ts';

const { t, f } = useTestApp();

const url = '/api/v1/search/log-not-found';

async function latestLog() {
  const [row] = await t.database.db.select().from(searchNotFoundLogs).orderBy(desc(searchNotFoundLogs.id)).limit(1);
  return row;
}

describe('POST /api/v1/search/log-not-found', () => {
  it('records a guest’s search with its normalised form; searchType defaults to subject', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { keywords: '  الفَلْسفة  ' } });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ success: true });
    expect(await latestLog()).toMatchObject({
      keywords: 'الفَلْسفة',
      normalized: 'الفلسفه',
      searchType: 'subject',
      userId: null,
    });
  });

  it('keeps the signed-in caller; an invalid token is ignored on this public route', async () => {
    const student = await f.student();
    await t.app.inject({
      method: 'POST',
      url,
      headers: student.headers,
      payload: { keywords: 'Astronomy', searchType: 'teacher' },
    });
    expect(await latestLog()).toMatchObject({
      normalized: 'astronomy',
      searchType: 'teacher',
      userId: student.user.id,
    });
    const res = await t.app.inject({
      method: 'POST',
      url,
      headers: { authorization: 'Bearer forged' },
      payload: { keywords: 'Latin' },
    });
    expect(res.statusCode).toBe(201);
    expect(await latestLog()).toMatchObject({ keywords: 'Latin', userId: null });
  });

  it('422 for a bad body', async () => {
    for (const payload of [
      {},
      { keywords: '   ' },
      { keywords: 'x'.repeat(201) },
      { keywords: 'x', searchType: 'user' },
    ]) {
      const res = await t.app.inject({ method: 'POST', url, payload });
      expect(res.statusCode, JSON.stringify(payload)).toBe(422);
    }
  });

  it('keeps text that PostgreSQL cannot store out: NUL characters are dropped', async () => {
    const res = await t.app.inject({ method: 'POST', url, payload: { keywords: 'a\u0000b' } });
    expect(res.statusCode).toBe(201);
    expect(await latestLog()).toMatchObject({ keywords: 'ab' });
    expect((await t.app.inject({ method: 'POST', url, payload: { keywords: '\u0000' } })).statusCode).toBe(422);
  });

  it('is rate-limited to 30 a minute per address', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 31; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url,
        payload: { keywords: `k${i}` },
        remoteAddress: '10.9.9.9',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 30).every((s) => s === 201)).toBe(true);
    expect(statuses[30]).toBe(429);
  });
});
