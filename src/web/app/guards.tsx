import type { ComponentType, ReactNode } from 'react';
import type { User } from '../../shared/api/auth';
import {
  AgentLogoutButton,
  AgentOnly,
  RequireAdmin,
  RequireAgent,
  RequireAgentOrHome,
  RequireSignIn,
  useGuardedUser,
} from '../features/auth';

/**
 * The guards a route puts around its screen (auth's), by who gets in and what the others see:
 * - `staff`: agents and admins; anyone else "Agent Login Required" (the agent portal);
 * - `staff-only`: agents and admins; anyone else "Access denied. Agent privileges required."
 *   and home (the agent dashboard, Process Transaction);
 * - `staff-or-home`: agents and admins; anyone else the exchange rates' "Unauthorized" toast
 *   and home;
 * - `admin`: admins; staff the "Access Denied" toast and home, visitors sign in;
 * - `signed-in`: anyone signed in (the customer portal); visitors sign in and come back.
 */
const GUARDS = {
  staff: RequireAgent,
  'staff-only': AgentOnly,
  'staff-or-home': RequireAgentOrHome,
  admin: RequireAdmin,
  'signed-in': RequireSignIn,
} satisfies Record<string, ComponentType<{ children: ReactNode }>>;

export type Guard = keyof typeof GUARDS;

/**
 * What a guarded screen gets from its route: the user its guard let in, and the staff portal's
 * sign-out button for its top bar (auth's, which a feature's screen does not import). A screen
 * takes the props it needs.
 */
export interface GuardedScreenProps {
  user: User;
  signOut: ReactNode;
}

/** `Screen` behind `guard`, given the user it let in and the sign-out button. */
export function withGuard(guard: Guard, Screen: ComponentType<GuardedScreenProps>): ComponentType {
  const Guard = GUARDS[guard];
  function LetIn() {
    return <Screen user={useGuardedUser()} signOut={<AgentLogoutButton />} />;
  }
  function Guarded() {
    return (
      <Guard>
        <LetIn />
      </Guard>
    );
  }
  Guarded.displayName = `Guarded(${guard})`;
  return Guarded;
}
