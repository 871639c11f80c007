import { describe, expect, it } from 'vitest';
import {
  addDays,
  daysInRange,
  formatRange,
  lagosToday,
  lastSevenDays,
  rangeProblem,
} from './date-range';

describe('Lagos day ranges', () => {
  it('finds today in Lagos (UTC+1), not in the viewer’s zone', () => {
    expect(lagosToday(new Date('2025-11-22T22:59:00Z'))).toBe('2025-11-22');
    expect(lagosToday(new Date('2025-11-22T23:00:00Z'))).toBe('2025-11-23');
  });

  it('defaults to the last 7 Lagos days, today included', () => {
    expect(lastSevenDays(new Date('2025-11-22T23:30:00Z'))).toEqual({
      from: '2025-11-17',
      to: '2025-11-23',
    });
    expect(daysInRange({ from: '2025-11-17', to: '2025-11-23' })).toBe(7);
  });

  it('adds days across months and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('explains a range the server would refuse', () => {
    expect(rangeProblem({ from: '2025-11-01', to: '2025-11-07' })).toBeNull();
    expect(rangeProblem({ from: '2025-11-07', to: '2025-11-07' })).toBeNull();
    expect(rangeProblem({ from: '2025-11-08', to: '2025-11-07' })).toBe(
      'The start date must not be after the end date.',
    );
    expect(rangeProblem({ from: '', to: '2025-11-07' })).toBe('Choose both dates.');
    expect(rangeProblem({ from: '2024-01-01', to: '2025-11-07' })).toBe('Choose at most one year.');
  });

  it('writes the range for people, the calendar days as they are', () => {
    expect(formatRange({ from: '2025-11-17', to: '2025-11-23' })).toBe('17 Nov – 23 Nov 2025');
    expect(formatRange({ from: '2024-12-29', to: '2025-01-04' })).toBe('29 Dec 2024 – 4 Jan 2025');
    expect(formatRange({ from: '2025-11-23', to: '2025-11-23' })).toBe('23 Nov 2025');
  });
});
