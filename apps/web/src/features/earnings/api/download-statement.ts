import { apiRequest, checkedBy } from '../../../shared/http/client.ts';

const isText = (value: unknown): value is string => typeof value === 'string';
/** The file's text as it came (not JSON): checked without zod. */
const csvTextShape = checkedBy(isText);

/** The byte order mark that makes Excel read the file as UTF-8 (the browser drops it when reading text). */
const BOM = '\uFEFF';

/**
 * GET /api/v1/earnings/statement.csv (with the bearer, so not a plain link), saved by the browser as
 * `ustaz-earnings.csv`; the header row is in the page's language.
 */
export async function downloadStatement(): Promise<void> {
  const csv = await apiRequest('/api/v1/earnings/statement.csv', csvTextShape, {
    headers: { accept: 'text/csv' },
  });
  const url = URL.createObjectURL(
    new Blob([csv.startsWith(BOM) ? csv : BOM + csv], { type: 'text/csv;charset=utf-8' }),
  );
  const link = document.createElement('a');
  link.href = url;
  link.download = 'ustaz-earnings.csv';
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
