import { describe, expect, it } from 'vitest';
import { ApiError, ResponseShapeError } from './api-client';
import { errorText } from './error-text';

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
