import { ShieldX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { redirectToSignIn } from '../../../lib/unauthorized';
import { toast } from '../../../lib/toast';
import { useCurrentUser } from '../api/get-current-user';
import { ACCESS_DENIED_REDIRECT_MS } from '../constants';
import { AccessCheckFailed } from './access-check-failed';
import { AuthCardHeading, AuthPageLayout, CheckingAccess } from './auth-page-layout';
import { GuardedUserProvider, staffLoginUrl } from './guarded-user';

export const NO_ADMIN_PRIVILEGES = "You don't have admin privileges.";

/** Signed in without admin rights: the spec's toast, then home after 1 s. */
function AdminAccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    toast({ title: 'Access Denied', description: NO_ADMIN_PRIVILEGES, variant: 'destructive' });
    const timer = setTimeout(() => navigate('/', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthPageLayout>
      <AuthCardHeading
        tone="danger"
        icon={<ShieldX aria-hidden />}
        title="Admins only"
        description="This page is for the desk's admins. Taking you home…"
      />
    </AuthPageLayout>
  );
}

/** Nobody signed in: the spec's "You are logged out. Logging in again..." and sign-in. */
function SignInAgain() {
  useEffect(() => redirectToSignIn(), []);
  return <CheckingAccess />;
}

/**
 * The admin screens' guard (admin dashboard, agent management). Admins see `children`; a
 * signed-in non-admin gets the toast "Access Denied – You don't have admin privileges." and
 * goes home after 1 s; a signed-out visitor is sent to sign in. Inside, a 401 from any request
 * signs in again; `useGuardedUser()` gives the admin.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const user = useCurrentUser();
  if (user.isPending) return <CheckingAccess />;
  if (user.isError) return <AccessCheckFailed onRetry={() => void user.refetch()} />;
  if (!user.data) return <SignInAgain />;
  if (!user.data.isAdmin) return <AdminAccessDenied />;
  return (
    <GuardedUserProvider user={user.data} loginUrl={staffLoginUrl(user.data)}>
      {children}
    </GuardedUserProvider>
  );
}
