import { describe, expect, it } from 'vitest';
import { ApiRequestError } from '../http/client.ts';
import { errorMessage, truncate } from './error-message.ts';

describe('errorMessage', () => {
  it('follows the extraction order of spec section 8', () => {
    expect(errorMessage(new ApiRequestError(400, { message: 'from body', error: 'e' }), 'f')).toBe('from body');
    expect(errorMessage(new ApiRequestError(400, { error: 'from error' }), 'f')).toBe('from error');
    expect(errorMessage(new ApiRequestError(500, null), 'f')).toBe('Request failed with status 500');
    expect(errorMessage(new Error('plain'), 'f')).toBe('plain');
    expect(errorMessage('a string', 'f')).toBe('a string');
    expect(errorMessage({ weird: true }, 'fallback')).toBe('fallback');
    expect(errorMessage('   ', 'fallback')).toBe('fallback');
  });
  it('truncates long toast text to 100 characters', () => {
    const long = 'x'.repeat(150);
    expect(truncate(long)).toHaveLength(100);
    expect(truncate('short')).toBe('short');
  });
});
