import { HOME } from '@ustaz/contract/constants';
import { useState } from 'react';
import { cx } from './class-names.ts';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

function firstLetter(name: string | null | undefined): string {
  const letter = Array.from((name ?? '').trim())[0];
  return letter ? letter.toLocaleUpperCase() : '';
}

/**
 * Up to 2 initials, of the first and the last name (spec 9 "avatar initials max 2 letters").
 * Two Arabic letters are kept apart with a zero-width non-joiner, so they read as initials and
 * not as one joined word.
 */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const letters = [firstLetter(firstName), firstLetter(lastName)].filter(Boolean).slice(0, HOME.avatarInitialsMax);
  const arabic = letters.length === 2 && letters.every((letter) => ARABIC_LETTER.test(letter));
  return letters.join(arabic ? '\u200c' : '');
}

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

const SIZE_CLASSES: Record<AvatarSize, string> = {
  sm: 'size-9 text-sm',
  md: 'size-11 text-base',
  lg: 'size-16 text-xl',
  xl: 'size-24 text-3xl',
};

export type AvatarProps = {
  firstName: string;
  lastName: string;
  photoUrl?: string | null;
  size?: AvatarSize;
  className?: string;
};

/** The user's photo, or their initials when there is no photo or it fails to load (spec 2). */
export function Avatar({ photoUrl, ...rest }: AvatarProps) {
  // A new address gets a new chance to load.
  return <AvatarImage key={photoUrl ?? ''} photoUrl={photoUrl} {...rest} />;
}

function AvatarImage({ firstName, lastName, photoUrl, size = 'md', className }: AvatarProps) {
  const [failed, setFailed] = useState(false);
  const classes = cx(
    'inline-flex shrink-0 items-center justify-center overflow-hidden rounded-full font-bold select-none',
    SIZE_CLASSES[size],
    className,
  );
  if (photoUrl && !failed) {
    return (
      <img
        src={photoUrl}
        alt=""
        className={cx(classes, 'bg-slate-100 object-cover')}
        onError={() => setFailed(true)}
        data-testid="avatar-image"
      />
    );
  }
  return (
    <span aria-hidden="true" className={cx(classes, 'bg-primary/10 text-primary')} data-testid="avatar-initials">
      {initialsOf(firstName, lastName)}
    </span>
  );
}
