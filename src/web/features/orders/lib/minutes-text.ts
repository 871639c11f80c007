/** "1 minute", "15 minutes": how long a quote locks the rate (QUOTE_TTL_MINUTES). */
export function minutesText(minutes: number): string {
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}
