import { useEffect, type ReactNode } from 'react';
import { ScreenMessage, ScreenSpinner } from '../../../components/screen-states';
import { Button } from '../../../components/ui/button';
import { redirectToSignIn } from '../../../lib/unauthorized';
import { useCurrentUser } from '../api/get-current-user';
import { GuardedUserProvider } from './guarded-user';

/**
 * The customer portal's guard, "login required" (SPEC 6; Trading History): anyone signed in
 * (a customer, or staff) sees `children`; a visitor is told "You are logged out. Logging in
 * again..." and sent to sign in, back to this page. Inside, a 401 from any request does the
 * same; `useGuardedUser()` gives the user.
 */
export function RequireSignIn({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  const signedOut = user.isSuccess && user.data === null;
  useEffect(() => {
    if (signedOut) redirectToSignIn();
  }, [signedOut]);
  if (user.isError) {
    return (
      <ScreenMessage title="Something went wrong" tone="danger">
        <p className="mt-3 text-ink-muted">We could not reach the server. Please try again.</p>
        <Button size="lg" className="mt-6 w-full" onClick={() => void user.refetch()}>
          Try again
        </Button>
      </ScreenMessage>
    );
  }
  if (!user.data) return <ScreenSpinner />;
  return <GuardedUserProvider user={user.data}>{children}</GuardedUserProvider>;
}
