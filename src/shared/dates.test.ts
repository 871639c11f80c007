import { describe, expect, it } from 'vitest';
import { formatChatDate, formatDateTime, formatTime } from './dates';

const LAGOS = 'Africa/Lagos'; // UTC+1, no daylight saving
/** Wednesday 2026-03-18, 10:30 in Lagos. */
const now = new Date('2026-03-18T09:30:00Z');
const lagos = (iso: string) => formatChatDate(iso, { now, timeZone: LAGOS });

describe('chat date rule', () => {
  it('shows the time (HH:mm) for any moment of today, from 00:00', () => {
    expect(lagos('2026-03-17T23:00:00Z')).toBe('00:00'); // 00:00 on the 18th in Lagos
    expect(lagos('2026-03-18T08:05:00Z')).toBe('09:05');
    expect(lagos('2026-03-18T13:45:00Z')).toBe('14:45'); // later today (clock skew)
  });

  it('says "Yesterday" up to 23:59 of yesterday, and from its 00:00', () => {
    expect(lagos('2026-03-17T22:59:59Z')).toBe('Yesterday'); // 23:59:59 on the 17th
    expect(lagos('2026-03-16T23:00:00Z')).toBe('Yesterday'); // 00:00 on the 17th
    expect(lagos('2026-03-16T22:59:00Z')).toBe('Monday'); // 23:59 on the 16th
  });

  it('shows the weekday up to 6 days ago, and the month and day from 7 days ago', () => {
    expect(lagos('2026-03-12T10:00:00Z')).toBe('Thursday'); // 6 days ago
    expect(lagos('2026-03-11T23:00:00Z')).toBe('Thursday'); // 00:00 on the 12th: 6 days ago
    expect(lagos('2026-03-11T22:59:00Z')).toBe('Mar 11'); // 23:59 on the 11th: 7 days ago
    expect(lagos('2026-03-11T10:00:00Z')).toBe('Mar 11');
    expect(lagos('2025-12-25T10:00:00Z')).toBe('Dec 25');
    expect(formatChatDate('2026-03-04T12:00:00Z', { now, timeZone: LAGOS })).toBe('Mar 4');
  });

  it('counts days in the viewer’s zone: the same moments read differently elsewhere', () => {
    // 23:30 UTC on the 17th is the 18th in Lagos but still the 17th in New York.
    const moment = '2026-03-17T23:30:00Z';
    expect(formatChatDate(moment, { now, timeZone: LAGOS })).toBe('00:30');
    expect(formatChatDate(moment, { now, timeZone: 'America/New_York' })).toBe('Yesterday');
    // And across a zone far ahead: 09:30 UTC is already 22:30 in Auckland (UTC+13).
    expect(formatChatDate(now, { now, timeZone: 'Pacific/Auckland' })).toBe('22:30');
    expect(formatChatDate('2026-03-18T11:00:00Z', { now, timeZone: 'Pacific/Auckland' })).toBe(
      '00:00',
    );
  });

  it('defaults to the current time, and returns "" for an invalid date', () => {
    expect(formatChatDate(new Date())).toBe(formatTime(new Date()));
    expect(formatChatDate('not a date')).toBe('');
  });
});

describe('chat date rule across calendar edges', () => {
  it('says "Yesterday" for 23:59 on 31 December seen on 1 January', () => {
    const newYear = new Date('2026-01-01T00:30:00+01:00');
    expect(formatChatDate('2025-12-31T23:59:00+01:00', { now: newYear, timeZone: LAGOS })).toBe(
      'Yesterday',
    );
    expect(formatChatDate('2026-01-01T00:00:00+01:00', { now: newYear, timeZone: LAGOS })).toBe(
      '00:00',
    );
  });

  it('counts calendar days, not 24-hour spans, across a daylight-saving change', () => {
    // London moves to BST at 01:00 UTC on Sunday 29 March 2026: that day has 23 hours.
    const mondayMorning = new Date('2026-03-30T00:10:00+01:00');
    const london = { now: mondayMorning, timeZone: 'Europe/London' };
    expect(formatChatDate('2026-03-29T00:00:00Z', london)).toBe('Yesterday');
    expect(formatChatDate('2026-03-28T23:59:00Z', london)).toBe('Saturday');
    expect(formatChatDate('2026-03-23T00:00:00Z', london)).toBe('Mar 23'); // exactly 7 days
  });
});

describe('en-NG date and time', () => {
  it('reads day month year, 24-hour time, in the viewer’s zone', () => {
    expect(formatDateTime('2026-03-18T09:30:00Z', LAGOS)).toBe('18 Mar 2026, 10:30');
    expect(formatDateTime('2026-03-18T23:30:00Z', LAGOS)).toBe('19 Mar 2026, 00:30');
    expect(formatDateTime('2026-03-18T23:30:00Z', 'America/New_York')).toBe('18 Mar 2026, 19:30');
    expect(formatDateTime('nonsense')).toBe('');
  });
});
