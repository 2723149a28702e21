import { describe, expect, it } from 'vitest';
import { teacherSearchQuerySchema } from './discovery.ts';
import { readIsoDate, teacherSearchFieldReaders } from './teacher-search-fields.ts';

/** The zod-free readers against the schema they stand for: the same verdict and value on every input. */

const numberTexts = [
  '0',
  '1',
  '5',
  '80',
  '81',
  '-1',
  '-0',
  '4.5',
  '5.0',
  '5.01',
  '0.5',
  '.5',
  '5.',
  '1e1',
  '1e2',
  '0x10',
  '0b11',
  ' 7 ',
  '\t3\n',
  '12abc',
  'abc',
  'NaN',
  'Infinity',
  '-Infinity',
  '١٠',
  '٥',
  '٤٫٥',
  '۱۲',
  '٨٠',
  '٨١',
  '1٬5',
  '١٬٠٠٠',
  '100000',
  '100000.001',
  '99999.999',
  '0.125',
  '0.1234',
  '1,5',
  '10000',
  '10001',
  '9999',
  '2.000',
  '+3',
  '00012',
  '9007199254740993',
  '1e400',
  '',
  ' ',
];
const dateTexts = [
  '2026-12-01',
  '2026-02-29',
  '2024-02-29',
  '2000-02-29',
  '1900-02-29',
  '0000-02-29',
  '9999-12-31',
  '2026-13-01',
  '2026-00-10',
  '2026-04-31',
  '2026-04-30',
  '2026-1-01',
  '2026-01-1',
  '26-01-01',
  '2026/01/01',
  '2026-01-01T00:00:00Z',
  ' 2026-01-01',
  '٢٠٢٦-٠١-٠١',
  '2026-01-00',
  '2026-01-32',
  '2100-02-29',
  '2400-02-29',
];
const wordTexts = [
  'averageRating',
  'experience',
  'hourlyRate',
  'bookingsCount',
  'createdAt',
  'rating',
  'ASC',
  'DESC',
  'asc',
  'desc',
  'Asc',
  'up',
  '',
];

/** Random text from the characters these fields are made of, the same every run. */
function mixedTexts(count: number): string[] {
  const alphabet = '0123456789.-+e ٠١٢٣٤٥٦٧٨٩٫٬,x';
  let seed = 20261203;
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: 1 + (next() % 7) }, () => alphabet[next() % alphabet.length]).join(''),
  );
}

const shape = teacherSearchQuerySchema.shape;
type Field = keyof typeof teacherSearchFieldReaders;
const inputs: Record<Field, string[]> = {
  minExperience: [...numberTexts, ...mixedTexts(400)],
  maxHourlyRate: [...numberTexts, ...mixedTexts(400)],
  minRating: [...numberTexts, ...mixedTexts(400)],
  availableOn: [...dateTexts, ...numberTexts],
  sortBy: wordTexts,
  sortOrder: wordTexts,
  page: [...numberTexts, ...mixedTexts(400)],
};

describe('teacherSearchFieldReaders agree with teacherSearchQuerySchema', () => {
  for (const field of Object.keys(inputs) as Field[]) {
    it(field, () => {
      let accepted = 0;
      for (const text of inputs[field]) {
        const oracle = shape[field].safeParse(text);
        const read = teacherSearchFieldReaders[field](text);
        expect({ text, value: read }).toEqual({ text, value: oracle.success ? oracle.data : undefined });
        if (oracle.success) accepted += 1;
      }
      // The inputs cover both verdicts.
      expect(accepted).toBeGreaterThan(0);
      expect(accepted).toBeLessThan(inputs[field].length);
    });
  }

  it('an absent page is the first, as the schema default', () => {
    expect(teacherSearchFieldReaders.page(undefined)).toBe(shape.page.parse(undefined));
  });

  it('every day of 2000 to 2100 as the schema says', () => {
    const day = new Date(Date.UTC(2000, 0, 1));
    for (let i = 0; i < 366 * 101; i += 1) {
      const text = day.toISOString().slice(0, 10);
      expect(readIsoDate(text)).toBe(text);
      day.setUTCDate(day.getUTCDate() + 1);
    }
  });
});
