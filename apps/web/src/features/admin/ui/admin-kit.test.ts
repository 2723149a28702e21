import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { isTest, linesMatching, sourceFiles } from '../../../shared/test/source-files.ts';

const adminDir = path.resolve(__dirname, '..');
const sources = sourceFiles(adminDir).filter((file) => !isTest(file));
const outside = (...own: string[]) => sources.filter((file) => !own.includes(path.basename(file)));

/**
 * The dashboard's kit (features/admin/ui) is the one way to do what every admin page does: a
 * paged list is an AdminListPage over useAdminList, a list query is adminListQuery, and the
 * Arabic/English pair of a form's text is BilingualFields. Each rule fails with file:line.
 */
describe('admin kit', () => {
  it('pages and the pager only through AdminListPage, the URL filters only through useAdminList', () => {
    expect(linesMatching(outside('admin-list.tsx', 'admin-pager.tsx'), /\bAdminPager\b/)).toEqual([]);
    expect(linesMatching(outside('admin-list.tsx', 'list-params.ts'), /\buseListParams\(/)).toEqual([]);
  });

  it('a list query keeps its page on screen through adminListQuery only', () => {
    expect(linesMatching(outside('admin-query.ts'), /\bkeepPreviousData\b/)).toEqual([]);
  });

  it('a page waiting for its query shows QueryFallback (or AdminLoading), a list date column is dateColumn', () => {
    expect(linesMatching(outside('query-state.tsx'), /className="flex justify-center py-16" role="status"/)).toEqual(
      [],
    );
    expect(linesMatching(outside('cells.tsx'), /cell: \(\w+\) => <DateTimeCell\b/)).toEqual([]);
  });

  it('an ar/en pair of form fields is BilingualFields', () => {
    expect(linesMatching(outside('admin-form.tsx'), /register\(\s*['"`]\w+(?:Ar|En)['"`]/)).toEqual([]);
  });
});
