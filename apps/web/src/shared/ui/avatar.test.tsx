import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar.tsx';

/** Each rule of initialsOf with the names it is checked on: [first name, last name, initials]. */
const INITIALS: [string, [string, string | null, string][]][] = [
  [
    'takes the first letter of the first and the last name, at most 2',
    [
      ['mariam', 'hassan', 'MH'],
      ['Mariam', '', 'M'],
      ['  ', '  ', ''],
      ['Alan', 'Turing', 'AT'],
    ],
  ],
  ['keeps two Arabic initials apart (zero-width non-joiner)', [['مريم', 'حسن', 'م\u200cح']]],
  [
    'skips the article of the family name, in Arabic and in English',
    [
      ['فهد', 'الكندري', 'ف\u200cك'],
      ['سارة', 'آل الصباح', 'س\u200cص'],
      ['Ahmed', 'Al-Mutairi', 'AM'],
      ['Noura', 'Al Sabah', 'NS'],
      ['Alia', 'Albert', 'AA'],
      // A name that starts with ال without the article, and a bare article, keep their letter.
      ['الياس', 'حداد', 'ا\u200cح'],
      ['فهد', 'ال', 'ف\u200cا'],
    ],
  ],
  [
    'reads "عبد ..." as one name, also when the whole name is in the first field',
    [
      ['عبد الله', 'الصباح', 'ع\u200cص'],
      ['عبد الله الصباح', '', 'ع\u200cص'],
      ['عبدالله', 'الصباح', 'ع\u200cص'],
      ['فهد', 'عبد الرحمن', 'ف\u200cع'],
      ['Mariam Hassan', null, 'MH'],
    ],
  ],
];

describe('initialsOf', () => {
  it.each(INITIALS)('%s', (_rule, names) => {
    for (const [first, last, initials] of names) expect(initialsOf(first, last)).toBe(initials);
  });
});

describe('Avatar', () => {
  it('shows the photo when there is one', () => {
    render(<Avatar firstName="Mariam" lastName="Hassan" photoUrl="/uploads/me.png" />);
    expect(screen.getByTestId('avatar-image').getAttribute('src')).toBe('/uploads/me.png');
    expect(screen.queryByTestId('avatar-initials')).toBeNull();
  });

  it('gives the photo its box before it loads, and loads the small ones as they come into view', () => {
    const { rerender } = render(<Avatar firstName="Mariam" lastName="Hassan" photoUrl="/uploads/me.png" size="md" />);
    const small = screen.getByTestId('avatar-image');
    expect([small.getAttribute('width'), small.getAttribute('height'), small.getAttribute('loading')]).toEqual([
      '44',
      '44',
      'lazy',
    ]);
    rerender(<Avatar firstName="Mariam" lastName="Hassan" photoUrl="/uploads/me.png" size="xl" />);
    const large = screen.getByTestId('avatar-image');
    expect([large.getAttribute('width'), large.getAttribute('loading')]).toEqual(['96', 'eager']);
  });

  it('falls back to the initials without a photo', () => {
    render(<Avatar firstName="Mariam" lastName="Hassan" photoUrl={null} />);
    expect(screen.getByTestId('avatar-initials').textContent).toBe('MH');
  });

  it('falls back to the initials when the photo fails to load, and tries a new address again', () => {
    const { rerender } = render(<Avatar firstName="Mariam" lastName="Hassan" photoUrl="/broken.png" />);
    fireEvent.error(screen.getByTestId('avatar-image'));
    expect(screen.getByTestId('avatar-initials').textContent).toBe('MH');
    rerender(<Avatar firstName="Mariam" lastName="Hassan" photoUrl="/fixed.png" />);
    expect(screen.getByTestId('avatar-image').getAttribute('src')).toBe('/fixed.png');
  });
});
