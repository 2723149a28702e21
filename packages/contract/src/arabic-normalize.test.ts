import { describe, expect, it } from 'vitest';
import { normalizeSearchText } from './arabic-normalize.ts';

describe('normalizeSearchText', () => {
  it('unifies the hamza forms of alef', () => {
    for (const word of ['أحمد', 'إحمد', 'آحمد', 'احمد', 'ٱحمد']) expect(normalizeSearchText(word)).toBe('احمد');
  });
  it('maps alef maqsura to ya and taa marbuta to ha', () => {
    expect(normalizeSearchText('مصطفى')).toBe(normalizeSearchText('مصطفي'));
    expect(normalizeSearchText('رياضيات متقدمة')).toBe(normalizeSearchText('رياضيات متقدمه'));
    expect(normalizeSearchText('اللغة العربية')).toBe('اللغه العربيه');
  });
  it.each([
    ['drops diacritics', 'الفِيزِيَاءُ', 'الفيزياء'],
    ['drops tatweel', 'الكيـــمياء', 'الكيمياء'],
    ['drops diacritics', 'مُعَلِّمٌ', 'معلم'],
    ['unifies hamza on waw', 'مسؤول', 'مسوول'],
    ['unifies hamza on ya', 'رئيس', 'رييس'],
    ['turns Arabic-Indic digits into ASCII', 'الصف ١٢', 'الصف 12'],
    ['turns Persian digits into ASCII', '۱۰ سنوات', '10 سنوات'],
    ['lower-cases Latin and collapses punctuation and spaces', '  Physics,   CHEMISTRY!  ', 'physics chemistry'],
    ['strips accents', 'Café Résumé', 'cafe resume'],
  ])('%s: %j', (_rule, text, normalized) => {
    expect(normalizeSearchText(text)).toBe(normalized);
  });
  it('is idempotent', () => {
    const once = normalizeSearchText('إِنْجْلِيزِيَّة — English ١٢٣');
    expect(normalizeSearchText(once)).toBe(once);
  });
});
