/**
 * Full page loads, for targets the app's router does not own (the server's /api/login).
 * An object, so tests can replace `assign` (jsdom cannot navigate).
 */
export const fullPageNavigation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};

/** Where a signed-out visitor signs in, coming back to `returnTo` (a path on this site). */
export function signInUrl(returnTo?: string): string {
  return returnTo ? `/api/login?returnTo=${encodeURIComponent(returnTo)}` : '/api/login';
}
