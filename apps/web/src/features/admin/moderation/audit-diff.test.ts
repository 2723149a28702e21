import { describe, expect, it } from 'vitest';
import { auditChanges } from './audit-diff.ts';

describe('auditChanges', () => {
  it('keeps only the keys whose value changed, as JSON', () => {
    expect(
      auditChanges(
        { status: 'active', name: 'Mona', rating: { average: 4.5, count: 2 }, tags: ['a'] },
        { status: 'suspended', name: 'Mona', rating: { average: 4, count: 1 }, tags: ['a'] },
      ),
    ).toEqual([
      { key: 'status', before: '"active"', after: '"suspended"' },
      { key: 'rating', before: '{"average":4.5,"count":2}', after: '{"average":4,"count":1}' },
    ]);
  });

  it('shows keys only one side has, and null sides', () => {
    expect(auditChanges({ a: 1 }, { a: 1, b: null })).toEqual([{ key: 'b', before: undefined, after: 'null' }]);
    expect(auditChanges(null, { id: 5 })).toEqual([{ key: 'id', before: undefined, after: '5' }]);
    expect(auditChanges({ id: 5 }, null)).toEqual([{ key: 'id', before: '5', after: undefined }]);
    expect(auditChanges(null, null)).toEqual([]);
  });
});
