import { useEffect } from 'react';
import type { User } from '../../../shared/api/auth';
import { redirectToSignIn } from '../../lib/unauthorized';
import { useCurrentUser } from '../../features/auth';

/**
 * The signed-in user's query; a visitor (data null) is sent to sign in and comes back here.
 */
export function useSignedInUser() {
  const query = useCurrentUser();
  const signedOut = query.data === null;
  useEffect(() => {
    if (signedOut) redirectToSignIn();
  }, [signedOut]);
  return query;
}

export function isStaff(user: User): boolean {
  return user.isAgent || user.isAdmin;
}
