import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { isUnauthorizedError } from './api-client';
import { fullPageNavigation, signInUrl } from './navigation';
import { toast } from './toast';

/** The spec's wait between the "Unauthorized" toast and the redirect to sign in. */
export const UNAUTHORIZED_REDIRECT_MS = 500;

export const LOGGED_OUT_MESSAGE = 'You are logged out. Logging in again...';
export const SESSION_EXPIRED_MESSAGE = 'Session expired. Please login again.';

let pending: ReturnType<typeof setTimeout> | undefined;

/**
 * The spec's answer to a 401 in a signed-in screen: the toast "Unauthorized", then a full page
 * load of /api/login 500 ms later (back to this page after sign-in). Several failing requests
 * make one toast and one redirect.
 */
export function redirectToSignIn(
  options: { description?: string; returnTo?: string; loginUrl?: string } = {},
): void {
  if (pending !== undefined) return;
  toast({
    title: 'Unauthorized',
    description: options.description ?? LOGGED_OUT_MESSAGE,
    variant: 'destructive',
  });
  const target =
    options.loginUrl ??
    signInUrl(options.returnTo ?? window.location.pathname + window.location.search);
  pending = setTimeout(() => {
    pending = undefined;
    fullPageNavigation.assign(target);
  }, UNAUTHORIZED_REDIRECT_MS);
}

/** Calls redirectToSignIn when `error` is a 401; answers whether it was. */
export function handleUnauthorized(
  error: unknown,
  options?: Parameters<typeof redirectToSignIn>[0],
): boolean {
  if (!isUnauthorizedError(error)) return false;
  redirectToSignIn(options);
  return true;
}

/** For tests: forget a redirect that is waiting. */
export function resetUnauthorizedRedirect(): void {
  clearTimeout(pending);
  pending = undefined;
}

/**
 * Watches every query and mutation of `queryClient`: the first one that fails with a 401
 * starts the redirect to sign in. Returns the unsubscribe function.
 */
export function watchUnauthorized(
  queryClient: QueryClient,
  options?: Parameters<typeof redirectToSignIn>[0],
): () => void {
  const unsubscribeQueries = queryClient.getQueryCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      handleUnauthorized(event.action.error, options);
    }
  });
  const unsubscribeMutations = queryClient.getMutationCache().subscribe((event) => {
    if (event.type === 'updated' && event.action.type === 'error') {
      handleUnauthorized(event.action.error, options);
    }
  });
  return () => {
    unsubscribeQueries();
    unsubscribeMutations();
  };
}

/**
 * For signed-in screens: while mounted, any query or mutation that fails with a 401 (the
 * session ended, or the account was deactivated) toasts "Unauthorized" and signs in again.
 * The agent and admin guards mount it, so screens inside them get it for free.
 */
export function useUnauthorizedRedirect(loginUrl?: string): void {
  const queryClient = useQueryClient();
  useEffect(
    () => watchUnauthorized(queryClient, loginUrl ? { loginUrl } : undefined),
    [queryClient, loginUrl],
  );
}
