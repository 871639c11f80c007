import { createContext, useContext, type ReactNode } from 'react';
import type { User } from '../../../../shared/api/auth';
import { signInUrl } from '../../../lib/navigation';
import { useUnauthorizedRedirect } from '../../../lib/unauthorized';

const GuardedUserContext = createContext<User | null>(null);

/**
 * Where someone whose session ends inside a guarded screen signs in again: admins (Google
 * users) through /api/login, back to this page; agents at the agent login.
 */
function loginUrlFor(user: User): string {
  return user.isAdmin
    ? signInUrl(window.location.pathname + window.location.search)
    : '/agent/login';
}

/** Inside a guard: the user it let in, and the 401 handling for everything below. */
export function GuardedUserProvider({ user, children }: { user: User; children: ReactNode }) {
  useUnauthorizedRedirect(loginUrlFor(user));
  return <GuardedUserContext value={user}>{children}</GuardedUserContext>;
}

/** The signed-in agent or admin, in a screen inside <RequireAgent>, <AgentOnly> or <RequireAdmin>. */
export function useGuardedUser(): User {
  const user = useContext(GuardedUserContext);
  if (!user) throw new Error('useGuardedUser needs <RequireAgent>, <AgentOnly> or <RequireAdmin>');
  return user;
}
