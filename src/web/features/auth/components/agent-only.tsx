import { ArrowLeft, ShieldX } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { useAgentAccess } from '../api/get-agent-access';
import { ACCESS_DENIED_REDIRECT_MS } from '../constants';
import { AccessCheckFailed } from './access-check-failed';
import { AuthCardHeading, AuthPageLayout, CheckingAccess } from './auth-page-layout';
import { GuardedUserProvider, staffLoginUrl } from './guarded-user';

export const AGENT_PRIVILEGES_REQUIRED = 'Access denied. Agent privileges required.';

/** The spec's refusal for non-agents: the message, "Go Back", and home after a moment. */
export function AgentAccessDenied() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => navigate('/', { replace: true }), ACCESS_DENIED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);
  return (
    <AuthPageLayout>
      <AuthCardHeading
        tone="danger"
        icon={<ShieldX aria-hidden />}
        title="Agents only"
        description={AGENT_PRIVILEGES_REQUIRED}
      />
      <Button size="lg" className="mt-6 w-full" onClick={() => navigate('/', { replace: true })}>
        <ArrowLeft aria-hidden />
        Go Back
      </Button>
    </AuthPageLayout>
  );
}

/**
 * The guard of the agent dashboard and Process Transaction (SPEC 6): agents and admins see
 * `children`; anyone else is told "Access denied. Agent privileges required." and sent home.
 */
export function AgentOnly({ children }: { children: ReactNode }) {
  const access = useAgentAccess();
  if (access.isPending) return <CheckingAccess />;
  if (access.isError) return <AccessCheckFailed onRetry={() => void access.refetch()} />;
  if (access.data.state !== 'agent') return <AgentAccessDenied />;
  return (
    <GuardedUserProvider user={access.data.user} loginUrl={staffLoginUrl(access.data.user)}>
      {children}
    </GuardedUserProvider>
  );
}
