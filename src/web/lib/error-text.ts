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
