import type { SignInStep } from '../../shared/api/auth';
import type { Config } from '../config';
import type { SessionUser } from './sessions';

/** Agents and admins who are active; admins are always agents. */
export function isStaff(user: SessionUser): boolean {
  return user.isActive && (user.isAgent || user.isAdmin);
}

/**
 * What a staff member must still do before anything else works, in order: give the second
 * factor's code, enrol one (STAFF_2FA=required), set their own password (an account made with
 * a generated one). Null once signed in fully; always null for customers.
 */
export function nextSignInStep(options: {
  user: SessionUser;
  secondFactorPending: boolean;
  staff2fa: Config['staff2fa'];
}): SignInStep | null {
  const { user } = options;
  if (!isStaff(user)) return null;
  if (options.secondFactorPending) return 'code';
  if (options.staff2fa === 'required' && !user.totpEnabledAt) return 'enrol';
  if (user.mustChangePassword) return 'password';
  return null;
}
