import { describe, expect, it } from 'vitest';
import { readCards, readSections, readStrings } from './page-content.ts';

describe('page content guards', () => {
  it('turns non-arrays into empty lists (a missing key returns the key string)', () => {
    expect(readStrings('privacy.sections')).toEqual([]);
    expect(readCards({ title: 'x' })).toEqual([]);
    expect(readSections(undefined, 'p')).toEqual([]);
  });

  it('drops malformed entries', () => {
    expect(readStrings(['a', '', 3, null, 'b'])).toEqual(['a', 'b']);
    expect(readCards([{ title: 'T', description: 'D' }, { title: 'T' }, 'x'])).toEqual([
      { title: 'T', description: 'D' },
    ]);
  });

  it('reads sections with defaults and safe, unique ids', () => {
    const sections = readSections(
      [
        { id: 'scope', heading: 'Scope', paragraphs: ['p'], items: 'oops' },
        { id: 'scope', heading: 'Again' },
        { id: 'Bad Id!', heading: 'Bad' },
        { heading: '' },
      ],
      'privacy',
    );
    expect(sections).toEqual([
      { id: 'scope', heading: 'Scope', paragraphs: ['p'], items: [], closing: [] },
      { id: 'privacy-2', heading: 'Again', paragraphs: [], items: [], closing: [] },
      { id: 'privacy-3', heading: 'Bad', paragraphs: [], items: [], closing: [] },
    ]);
  });
});
