import { describe, expect, it } from 'vitest';
import { formatChatListDate, formatDaySeparator, formatMessageTime } from './chat-date';

/** Local times, so the test holds in any time zone. */
const now = new Date(2026, 10, 22, 15, 30);
const at = (day: number, hour = 9, minute = 5) => new Date(2026, 10, day, hour, minute);

describe('chat dates', () => {
  it('shows a message time as HH:mm', () => {
    expect(formatMessageTime(at(22, 9, 5))).toBe('09:05');
    expect(formatMessageTime(at(22, 21, 45))).toBe('21:45');
  });

  it("follows the spec's list rule: time today, Yesterday, weekday under 7 days, else month and day", () => {
    expect(formatChatListDate(at(22, 8, 1), now)).toBe('08:01');
    expect(formatChatListDate(at(21, 23, 59), now)).toBe('Yesterday');
    expect(formatChatListDate(at(16), now)).toBe('Monday');
    expect(formatChatListDate(at(15), now)).toBe('Nov 15');
  });

  it('names the day above its messages', () => {
    expect(formatDaySeparator(at(22), now)).toBe('Today');
    expect(formatDaySeparator(at(21), now)).toBe('Yesterday');
    expect(formatDaySeparator(at(18), now)).toBe('Wednesday');
    expect(formatDaySeparator(at(2), now)).toBe('2 November');
    expect(formatDaySeparator(new Date(2025, 0, 3), now)).toBe('3 January 2025');
  });
});
