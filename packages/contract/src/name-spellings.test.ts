import { describe, expect, it } from 'vitest';
import { arabicNameSchema, latinNameSchema, updateMeBodySchema } from './auth.ts';

/** ADR 020: a name spelled for Arabic pages is Arabic script, for English pages Latin; pairs go together. */
describe('name spellings', () => {
  it.each(['Fahad', 'Al-Kandari', "O'Neil", 'Zoë Anne', 'J. R.'])('Latin %s passes', (name) => {
    expect(latinNameSchema.safeParse(name).success).toBe(true);
  });
  it.each(['فهد', 'Fahad فهد', 'Фёдор', 'Fahad1', '<b>'])('not Latin: %s', (name) => {
    expect(latinNameSchema.safeParse(name).error?.issues[0]?.message).toBe('notLatinScript');
  });
  it.each(['فهد', 'الكندري', 'عبدُالله', 'آل-صباح'])('Arabic %s passes', (name) => {
    expect(arabicNameSchema.safeParse(name).success).toBe(true);
  });
  it.each(['Fahad', 'فهد Fahad', 'فهد!'])('not Arabic: %s', (name) => {
    expect(arabicNameSchema.safeParse(name).error?.issues[0]?.message).toBe('notArabicScript');
  });

  it('keeps the name rules: trimmed, required, at most 60', () => {
    expect(latinNameSchema.parse('  Fahad ')).toBe('Fahad');
    expect(latinNameSchema.safeParse('   ').success).toBe(false);
    expect(latinNameSchema.safeParse('A'.repeat(61)).success).toBe(false);
  });

  it('takes a pair together or clears it with nulls; half a pair names the missing half', () => {
    expect(updateMeBodySchema.safeParse({ firstNameEn: 'Fahad', lastNameEn: 'Al-Kandari' }).success).toBe(true);
    expect(updateMeBodySchema.safeParse({ firstNameAr: null, lastNameAr: null }).success).toBe(true);
    const missing = (body: Record<string, unknown>) =>
      updateMeBodySchema.safeParse(body).error?.issues.map((issue) => issue.path.join('.'));
    expect(missing({ firstNameEn: 'Fahad' })).toEqual(['lastNameEn']);
    expect(missing({ lastNameAr: 'الكندري' })).toEqual(['firstNameAr']);
    expect(missing({ firstNameEn: 'Fahad', lastNameEn: null })).toEqual(['lastNameEn']);
    expect(missing({ firstNameAr: null })).toEqual(['lastNameAr']);
  });
});
