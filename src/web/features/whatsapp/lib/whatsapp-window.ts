/** "+234 803 111 2222": a WhatsApp id (digits with the country code) as people read it. */
export function formatWhatsappNumber(digits: string): string {
  const nigerian = /^234(\d{3})(\d{3})(\d{4})$/.exec(digits);
  if (nigerian) return `+234 ${nigerian[1]} ${nigerian[2]} ${nigerian[3]}`;
  return `+${digits}`;
}

/**
 * What is left of the 24-hour window ("3 h 12 min left"), or null once it has closed (or
 * before the customer's first message).
 */
export function windowLeft(windowEndsAt: string | null, now: Date): string | null {
  if (!windowEndsAt) return null;
  const minutes = Math.floor((Date.parse(windowEndsAt) - now.getTime()) / 60_000);
  if (minutes < 0) return null;
  const hours = Math.floor(minutes / 60);
  return hours > 0 ? `${hours} h ${minutes % 60} min left` : `${minutes} min left`;
}
