/** The spec's name split: the first word is firstName, the rest joined by spaces lastName. */
export function splitDisplayName(displayName: string | null | undefined): {
  firstName: string | null;
  lastName: string | null;
} {
  const words = (displayName ?? '').trim().split(/\s+/).filter(Boolean);
  return {
    firstName: words[0] ?? null,
    lastName: words.length > 1 ? words.slice(1).join(' ') : null,
  };
}

interface Named {
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}

/** First plus last name, else email, else "Unknown". */
export function displayName(user: Named): string {
  const name = [user.firstName, user.lastName]
    .filter((p) => p && p.trim())
    .join(' ')
    .trim();
  return name || user.email || 'Unknown';
}

/** First letters of the names, else the email's first letter, else "U". */
export function initials(user: Named): string {
  const letters = [user.firstName, user.lastName]
    .map((p) => p?.trim()[0])
    .filter(Boolean)
    .join('');
  return (letters || user.email?.trim()[0] || 'U').toUpperCase();
}
