import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Avatar, initialsOf } from './avatar.tsx';

describe('initialsOf', () => {
  it('takes the first letter of the first and the last name, at most 2', () => {
    expect(initialsOf('mariam', 'hassan')).toBe('MH');
    expect(initialsOf('Mariam', '')).toBe('M');
    expect(initialsOf('  ', '  ')).toBe('');
    expect(initialsOf('Alan', 'Turing')).toBe('AT');
  });

  it('keeps two Arabic initials apart (zero-width non-joiner)', () => {
    expect(initialsOf('مريم', 'حسن')).toBe('م\u200cح');
  });

  it('skips the article of the family name, in Arabic and in English', () => {
    expect(initialsOf('فهد', 'الكندري')).toBe('ف\u200cك');
    expect(initialsOf('سارة', 'آل الصباح')).toBe('س\u200cص');
    expect(initialsOf('Ahmed', 'Al-Mutairi')).toBe('AM');
    expect(initialsOf('Noura', 'Al Sabah')).toBe('NS');
    expect(initialsOf('Alia', 'Albert')).toBe('AA');
    // A name that starts with ال without the article, and a bare article, keep their letter.
    expect(initialsOf('الياس', 'حداد')).toBe('ا\u200cح');
    expect(initialsOf('فهد', 'ال')).toBe('ف\u200cا');
  });

  it('reads "عبد ..." as one name, also when the whole name is in the first field', () => {
    expect(initialsOf('عبد الله', 'الصباح')).toBe('ع\u200cص');
    expect(initialsOf('عبد الله الصباح', '')).toBe('ع\u200cص');
    expect(initialsOf('عبدالله', 'الصباح')).toBe('ع\u200cص');
    expect(initialsOf('فهد', 'عبد الرحمن')).toBe('ف\u200cع');
    expect(initialsOf('Mariam Hassan', null)).toBe('MH');
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
