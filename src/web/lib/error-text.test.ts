import { describe, expect, it } from 'vitest';
import { ApiError, ResponseShapeError } from './api-client';
import { errorLines, errorText } from './error-text';

describe('errorText', () => {
  it("gives the server's text without the status", () => {
    expect(errorText(new ApiError(401, 'Invalid username or password'), 'Login failed')).toBe(
      'Invalid username or password',
    );
    expect(errorText(new ApiError(409, 'Taken: 2 of 3'), 'x')).toBe('Taken: 2 of 3');
  });

  it('falls back when there is no server text', () => {
    expect(errorText(new ApiError(500, 'Request failed'), 'Login failed')).toBe('Login failed');
    expect(errorText(new TypeError('Failed to fetch'), 'Login failed')).toBe('Login failed');
    expect(errorText(new ResponseShapeError('/x', null), 'Login failed')).toBe('Login failed');
  });
});

describe('errorLines', () => {
  it("puts the form's labels, else the key in words, for field keys; each problem once", () => {
    const error = new ApiError(
      400,
      'email: Invalid; firstName: Required; rates.0.spreadPercentage: Too big; email: Invalid',
    );
    expect(errorLines(error, 'x', { email: 'Email Address' })).toEqual([
      'Email Address: Invalid',
      'First name: Required',
      'Spread percentage: Too big',
    ]);
  });

  it('keeps a message without field keys whole, or falls back', () => {
    expect(errorLines(new ApiError(409, 'Already exists.'), 'x')).toEqual(['Already exists.']);
    expect(errorLines(new TypeError('Failed to fetch'), 'Try again.')).toEqual(['Try again.']);
  });
});
