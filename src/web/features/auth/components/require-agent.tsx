import { House, LockKeyhole, LogIn } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { buttonClasses } from '../../../components/ui/button';
import { useAgentAccess } from '../api/get-agent-access';
import { AccessCheckFailed } from './access-check-failed';
import { AuthCardHeading, AuthPageLayout, CheckingAccess } from './auth-page-layout';
import { GuardedUserProvider, staffLoginUrl } from './guarded-user';

/** The spec's screen for the agent portal when nobody is logged in as an agent. */
export function AgentLoginRequired() {
  return (
    <AuthPageLayout>
      <AuthCardHeading
        icon={<LockKeyhole aria-hidden />}
        title="Agent Login Required"
        description="Log in with your agent account to see and answer customer chats."
      />
      <div className="mt-6 grid gap-3">
        <Link className={buttonClasses({ size: 'lg' })} to="/agent/login">
          <LogIn aria-hidden />
          Agent Login
        </Link>
        <Link className={buttonClasses({ variant: 'outline', size: 'lg' })} to="/">
          <House aria-hidden />
          Return Home
        </Link>
      </div>
    </AuthPageLayout>
  );
}

/**
 * The agent portal's guard (agent chat list and the screens like it): agents and admins see
 * `children`; anyone else sees "Agent Login Required". Inside, a 401 from any request (the
 * session ended or the account was deactivated) toasts "Unauthorized" and signs in again;
 * `useGuardedUser()` gives the agent.
 */
export function RequireAgent({ children }: { children: ReactNode }) {
  const access = useAgentAccess();
  if (access.isPending) return <CheckingAccess />;
  if (access.isError) return <AccessCheckFailed onRetry={() => void access.refetch()} />;
  if (access.data.state !== 'agent') return <AgentLoginRequired />;
  return (
    <GuardedUserProvider user={access.data.user} loginUrl={staffLoginUrl(access.data.user)}>
      {children}
    </GuardedUserProvider>
  );
}
