import { createContext, useContext, type ReactNode } from 'react';
import type { User } from '../../../../shared/api/auth';
import { signInUrl } from '../../../lib/navigation';
import { useUnauthorizedRedirect } from '../../../lib/unauthorized';

const GuardedUserContext = createContext<User | null>(null);

/**
 * Where a member of staff whose session ends inside a guarded screen signs in again: admins
 * (Google users) through /api/login, back to this page; agents at the agent login.
 */
export function staffLoginUrl(user: User): string {
  return user.isAdmin
    ? signInUrl(window.location.pathname + window.location.search)
    : '/agent/login';
}

/**
 * Inside a guard: the user it let in, and the 401 handling for everything below: sign in again
 * at `loginUrl`, or (none given) through /api/login, back to this page.
 */
export function GuardedUserProvider({
  user,
  loginUrl,
  children,
}: {
  user: User;
  loginUrl?: string;
  children: ReactNode;
}) {
  useUnauthorizedRedirect(loginUrl);
  return <GuardedUserContext value={user}>{children}</GuardedUserContext>;
}

/** The user a guard let in, in a screen inside any of auth's guards (index.ts lists them). */
export function useGuardedUser(): User {
  const user = useContext(GuardedUserContext);
  if (!user) throw new Error("useGuardedUser needs one of auth's guards around it");
  return user;
}
