import { describe, expect, it, vi } from 'vitest';
import { ApiRequestError } from '../http/client.ts';
import { applyServerFieldErrors, serverFieldErrors } from './server-field-errors.ts';

const refused = (errors: Record<string, unknown>) => new ApiRequestError(422, { status: 422, errors });

describe('serverFieldErrors', () => {
  it("puts a list item's code under its list, the first code of a field, in the form's order", () => {
    const error = refused({ nameAr: 'required', 'featuresEn.2': 'tooLong', 'featuresEn.0': 'invalid', other: 'x' });
    expect(serverFieldErrors(error, ['featuresEn', 'nameAr', 'nameEn'])).toEqual([
      ['featuresEn', 'tooLong'],
      ['nameAr', 'required'],
    ]);
  });

  it("maps server fields with a function, in the server's order, leaving out those it does not show", () => {
    const error = refused({ maxUploadSize: 'tooBig', unknown: 'invalid', siteName: 'required' });
    const fieldOf = (field: string) =>
      field === 'maxUploadSize' ? 'maxUploadSizeMb' : field === 'siteName' ? field : null;
    expect(serverFieldErrors(error, fieldOf)).toEqual([
      ['maxUploadSizeMb', 'tooBig'],
      ['siteName', 'required'],
    ]);
  });

  it('reads nothing from an answer that is not a 422', () => {
    expect(serverFieldErrors(new ApiRequestError(409, { code: 'conflict' }), ['name'])).toEqual([]);
    expect(serverFieldErrors(new TypeError('Failed to fetch'), ['name'])).toEqual([]);
  });
});

describe('applyServerFieldErrors', () => {
  it("sets each shown field's message, focusing the first when asked, and says whether any was set", () => {
    const setError = vi.fn();
    const error = refused({ password: 'tooShort', email: 'emailAlreadyExists' });
    const applied = applyServerFieldErrors(error, setError, ['email', 'password'], {
      message: (code) => `fieldErrors.${code}`,
      focus: true,
    });
    expect(applied).toBe(true);
    expect(setError.mock.calls).toEqual([
      ['email', { type: 'server', message: 'fieldErrors.emailAlreadyExists' }, { shouldFocus: true }],
      ['password', { type: 'server', message: 'fieldErrors.tooShort' }, { shouldFocus: false }],
    ]);
  });

  it('keeps the code itself as the message by default and sets nothing for fields the form lacks', () => {
    const setError = vi.fn();
    expect(applyServerFieldErrors(refused({ hourlyRate: 'tooBig' }), setError, ['hourlyRate'])).toBe(true);
    expect(setError.mock.calls).toEqual([['hourlyRate', { type: 'server', message: 'tooBig' }]]);
    expect(applyServerFieldErrors(refused({ userId: 'notFound' }), setError, ['hourlyRate'])).toBe(false);
    expect(setError).toHaveBeenCalledTimes(1);
  });
});
