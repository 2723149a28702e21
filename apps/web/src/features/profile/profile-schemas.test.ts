import { PHOTO_MAX_BYTES } from '@ustaz/contract';
import { describe, expect, it } from 'vitest';
import { profileFormSchema, validatePhoto } from './profile-schemas.ts';

function errorsOf(values: unknown): Record<string, string> {
  const result = profileFormSchema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[issue.path.join('.')] ??= issue.message;
  return errors;
}

describe('profile rules (spec 5)', () => {
  it('needs trimmed first and last names and an e-mail of the basic pattern', () => {
    expect(errorsOf({ firstName: 'Mariam', lastName: 'Hassan', email: 'mariam@ustaz.example' })).toEqual({});
    expect(errorsOf({ firstName: '   ', lastName: '', email: '' })).toEqual({
      firstName: 'validation.firstNameRequired',
      lastName: 'validation.lastNameRequired',
      email: 'validation.emailRequired',
    });
    expect(errorsOf({ firstName: 'a', lastName: 'b', email: 'mariam@ustaz' })).toEqual({
      email: 'validation.emailInvalid',
    });
    expect(errorsOf({ firstName: 'a', lastName: 'b', email: 'mar iam@ustaz.example' })).toEqual({
      email: 'validation.emailInvalid',
    });
    // Issue 29: a bidi control or a zero-width character in a name or a spelling is invalidCharacters.
    expect(
      errorsOf({
        firstName: 'Mariam\u202E',
        lastName: 'H',
        email: 'm@u.kw',
        firstNameAr: 'مريم\u2067',
        lastNameAr: 'ح',
      }),
    ).toEqual({ firstName: 'validation.invalidCharacters', firstNameAr: 'validation.invalidCharacters' });
    expect(profileFormSchema.parse({ firstName: ' Mariam ', lastName: ' H ', email: 'm@u.kw' }).firstName).toBe(
      'Mariam',
    );
  });
});

describe('photo rules (spec 5)', () => {
  it('takes images up to 5 MB', () => {
    expect(validatePhoto({ type: 'image/png', size: 1024 })).toBeNull();
    expect(validatePhoto({ type: 'image/jpeg', size: PHOTO_MAX_BYTES })).toBeNull();
  });

  it('refuses a larger image and a file that is not an image, with separate reasons', () => {
    expect(validatePhoto({ type: 'image/webp', size: PHOTO_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(validatePhoto({ type: 'application/pdf', size: 1024 })).toBe('invalidType');
    expect(validatePhoto({ type: '', size: 10 })).toBe('invalidType');
  });
});
