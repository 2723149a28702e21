import { HOME } from '@ustaz/contract/constants';
import { useState } from 'react';
import { cx } from './class-names.ts';

const ARABIC_LETTER = /[\u0600-\u06FF]/;

/** A word that only introduces the family name (آل الصباح, Al Sabah): its initial is the next word's. */
const ARTICLE_WORDS = new Set(['ال', 'آل', 'al', 'el']);
/** The Arabic article written into the word (الكندري), or a Latin one with a hyphen (Al-Mutairi). */
const ARTICLE_PREFIX = /^(?:ال|al-|el-)/i;
/** Names that start with ال without it being the article. */
const NOT_ARTICLE = new Set(['الياس', 'اليسع']);

/** The words of a name, each "عبد" joined to the word after it (عبد الله is one name). */
function nameParts(name: string | null | undefined): string[] {
  const parts: string[] = [];
  let prefix = '';
  for (const word of (name ?? '').trim().split(/\s+/).filter(Boolean)) {
    if (word === 'عبد' || ARTICLE_WORDS.has(word.toLowerCase())) {
      prefix += `${word} `;
      continue;
    }
    parts.push(prefix + word);
    prefix = '';
  }
  if (prefix) parts.push(prefix.trim());
  return parts;
}

/** The initial of one name part: past a standalone article (آل) and an article prefix (ال, Al-). */
function initialOf(part: string | undefined): string {
  if (!part) return '';
  const words = part.split(' ');
  const head = words.find((word) => !ARTICLE_WORDS.has(word.toLowerCase())) ?? words[0] ?? '';
  const letters = Array.from(head);
  const stripped =
    ARTICLE_PREFIX.test(head) && !NOT_ARTICLE.has(head) ? Array.from(head.replace(ARTICLE_PREFIX, '')) : letters;
  const letter = (stripped.length > 1 ? stripped : letters)[0];
  return letter ? letter.toLocaleUpperCase() : '';
}

/**
 * Up to 2 initials, of the first name and the family name (spec 9 "avatar initials max 2
 * letters"): the article is skipped (فهد الكندري -> ف ك, Ahmed Al-Mutairi -> AM), "عبد ..." is
 * one name, and a full name in the first field alone gives its first and last names' initials.
 * Two Arabic letters are kept apart with a zero-width non-joiner, so they read as initials and
 * not as one joined word.
 */
export function initialsOf(firstName: string | null | undefined, lastName: string | null | undefined): string {
  const first = nameParts(firstName);
  const last = nameParts(lastName);
  const family = last.length > 0 ? last[last.length - 1] : first.length > 1 ? first[first.length - 1] : undefined;
  const letters = [initialOf(first[0]), initialOf(family)].filter(Boolean).slice(0, HOME.avatarInitialsMax);
  const arabic = letters.length === 2 && letters.every((letter) => ARABIC_LETTER.test(letter));
  return letters.join(arabic ? '\u200c' : '');
}

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

/** Each size's width and height in CSS pixels (the classes' size-*), written on the image so its box is known before it loads. */
const SIZE_PIXELS: Record<AvatarSize, number> = { sm: 36, md: 44, lg: 64, xl: 96 };

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
    const pixels = SIZE_PIXELS[size];
    return (
      <img
        src={photoUrl}
        alt=""
        width={pixels}
        height={pixels}
        // The large portrait heads its page; the smaller ones (cards, lists, reviews) load as they come into view.
        loading={size === 'xl' ? 'eager' : 'lazy'}
        decoding="async"
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
