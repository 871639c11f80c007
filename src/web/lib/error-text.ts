import { ApiError } from './api-client';

/** What the API client says when the answer carried no text at all. */
const NO_TEXT = 'Request failed';

/**
 * The text to show a person for a failed request: the server's message without the
 * "status: " prefix of an ApiError, else `fallback` (no message, a network failure, an
 * unexpected answer).
 */
export function errorText(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  const text = error.message.slice(`${error.status}: `.length).trim();
  return text && text !== NO_TEXT ? text : fallback;
}

/** "firstName" → "First name": a field key in words, for keys a form has no label for. */
function keyInWords(key: string): string {
  const words = key
    .split('.')
    .filter((part) => !/^\d+$/.test(part))
    .at(-1)!
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/**
 * A failed form's problems, one line each, in words: the server's schema message
 * ("email: Enter a valid email address; password: ...") with each field key replaced by the
 * form's label for it ("Email Address: Enter a valid email address"), each distinct problem
 * once. A message without field keys is one line.
 */
export function errorLines(
  error: unknown,
  fallback: string,
  labels: Readonly<Record<string, string>> = {},
): string[] {
  const text = errorText(error, fallback);
  const lines = text.split('; ').map((part) => {
    const match = /^([A-Za-z][\w.]*): (.+)$/.exec(part);
    if (!match) return part;
    const [, key, message] = match as unknown as [string, string, string];
    return `${labels[key] ?? keyInWords(key)}: ${message}`;
  });
  return [...new Set(lines)];
}
