import { describe, expect, it } from 'vitest';
import {
  addCustomSubject,
  hasCustomSubject,
  MAX_CUSTOM_SUBJECTS,
  normalizeCustomSubject,
  removeCustomSubject,
} from './custom-subjects.ts';

describe('custom subjects (spec 5)', () => {
  it('adds trimmed text as a new chip', () => {
    expect(addCustomSubject([], '  Robotics  ')).toEqual({ list: ['Robotics'], added: 'Robotics' });
    expect(addCustomSubject(['Chess'], 'الخط  العربي')).toEqual({
      list: ['Chess', 'الخط العربي'],
      added: 'الخط العربي',
    });
  });

  it('ignores blank text', () => {
    expect(addCustomSubject(['Chess'], '   ')).toEqual({ list: ['Chess'], added: null });
    expect(addCustomSubject([], '')).toEqual({ list: [], added: null });
  });

  it('ignores duplicates in any letter case', () => {
    expect(addCustomSubject(['Robotics'], ' robotics ')).toEqual({ list: ['Robotics'], added: null });
    expect(hasCustomSubject(['Robotics'], 'ROBOTICS')).toBe(true);
  });

  it('turns commas into spaces so the comma-joined address stays intact', () => {
    expect(normalizeCustomSubject('Art, history')).toBe('Art history');
  });

  it(`stops at ${MAX_CUSTOM_SUBJECTS}`, () => {
    const full = Array.from({ length: MAX_CUSTOM_SUBJECTS }, (_, i) => `s${i}`);
    expect(addCustomSubject(full, 'one more')).toEqual({ list: full, added: null });
  });

  it('removes a chip (any case) and leaves the others', () => {
    expect(removeCustomSubject(['Chess', 'Robotics'], 'chess')).toEqual(['Robotics']);
    expect(removeCustomSubject(['Chess'], 'Go')).toEqual(['Chess']);
  });
});
