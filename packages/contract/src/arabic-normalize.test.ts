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
  it('drops diacritics and tatweel', () => {
    expect(normalizeSearchText('الفِيزِيَاءُ')).toBe('الفيزياء');
    expect(normalizeSearchText('الكيـــمياء')).toBe('الكيمياء');
    expect(normalizeSearchText('مُعَلِّمٌ')).toBe('معلم');
  });
  it('unifies hamza on waw and ya', () => {
    expect(normalizeSearchText('مسؤول')).toBe('مسوول');
    expect(normalizeSearchText('رئيس')).toBe('رييس');
  });
  it('turns Arabic-Indic and Persian digits into ASCII', () => {
    expect(normalizeSearchText('الصف ١٢')).toBe('الصف 12');
    expect(normalizeSearchText('۱۰ سنوات')).toBe('10 سنوات');
  });
  it('lower-cases Latin, strips accents and collapses punctuation and spaces', () => {
    expect(normalizeSearchText('  Physics,   CHEMISTRY!  ')).toBe('physics chemistry');
    expect(normalizeSearchText('Café Résumé')).toBe('cafe resume');
  });
  it('is idempotent', () => {
    const once = normalizeSearchText('إِنْجْلِيزِيَّة — English ١٢٣');
    expect(normalizeSearchText(once)).toBe(once);
  });
});
