import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { describeFailure } from './failure-text.ts';
import { useTestDatabase } from './test/test-app.ts';

/** Issue 29: what the server's start and the operator commands print for a failure: one line, every cause. */
const database = useTestDatabase();

describe('describeFailure', () => {
  it("gives a failed query's statement and the database's reason, with its SQLSTATE, on one line", async () => {
    const failed = await database.db
      .execute(sql.raw('-- a comment\nselect *\n  from no_such_table'))
      .catch((error: unknown) => error);
    expect(describeFailure(failed)).toBe(
      'Failed query: select * from no_such_table: relation "no_such_table" does not exist (SQLSTATE 42P01)',
    );
  });

  it('follows causes and an AggregateError, and never prints [object Object]', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED ::1:5432'), { code: 'ECONNREFUSED' });
    const refused4 = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });
    expect(
      describeFailure(new Error('The database migrations failed', { cause: new AggregateError([refused, refused4]) })),
    ).toBe('The database migrations failed: connect ECONNREFUSED ::1:5432; connect ECONNREFUSED 127.0.0.1:5432');
    expect(describeFailure({ message: 'Aborted', code: 'EIO' })).toBe('Aborted');
    expect(describeFailure({ errno: 44 })).toBe('{"errno":44}');
    expect(describeFailure('plain text')).toBe('plain text');
    for (const value of [{}, { code: 'E' }, new Error(''), Object.create(null)]) {
      expect(describeFailure(value)).not.toContain('[object Object]');
    }
  });
});
