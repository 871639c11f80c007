import { useEffect } from 'react';
import type { User } from '../../../shared/api/auth';
import { isUnauthorizedError } from '../../lib/api-client';
import { toast } from '../../lib/toast';
import { useCurrentUser } from '../auth';

/** The spec's wait before the sign-in redirect, so the toast can be read. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

let redirecting = false;

/**
 * The spec's unauthorized flow: a toast, then /api/login after 500 ms, coming back to the
 * page the visitor was on.
 */
export function signInAgain(
  returnTo: string = window.location.pathname + window.location.search,
): void {
  if (redirecting) return;
  redirecting = true;
  toast({
    title: 'Unauthorized',
    description: 'You are logged out. Logging in again...',
    variant: 'destructive',
  });
  setTimeout(() => {
    window.location.assign(`/api/login?returnTo=${encodeURIComponent(returnTo)}`);
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** For tests: a new page. */
export function resetSignInRedirect(): void {
  redirecting = false;
}

/** Sends a 401 to sign-in; true when it did. */
export function handleUnauthorized(error: unknown): boolean {
  if (!isUnauthorizedError(error)) return false;
  signInAgain();
  return true;
}

/**
 * The signed-in user's query; a visitor (data null) is sent to sign in and comes back here.
 */
export function useSignedInUser() {
  const query = useCurrentUser();
  const signedOut = query.data === null;
  useEffect(() => {
    if (signedOut) signInAgain();
  }, [signedOut]);
  return query;
}

export function isStaff(user: User): boolean {
  return user.isAgent || user.isAdmin;
}
