import { RefreshCw } from 'lucide-react';
import { useEffect, type ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { ScreenMessage, ScreenSpinner } from '../../../components/screen-states';
import { Button } from '../../../components/ui/button';
import { toast } from '../../../lib/toast';
import { useAgentAccess } from '../api/get-agent-access';
import { RequireAgent } from './require-agent';

export const AGENT_ACCESS_REQUIRED = 'Agent access required for exchange rate management';

/**
 * The exchange rates' guard (SPEC 6): anyone but an agent (or admin) gets the toast
 * "Unauthorized – Agent access required for exchange rate management" and goes home. Agents
 * continue inside <RequireAgent>, which signs them in again on a 401.
 */
export function RequireAgentOrHome({ children }: { children: ReactNode }) {
  const access = useAgentAccess();
  const navigate = useNavigate();
  const denied = access.isSuccess && access.data.state !== 'agent';
  useEffect(() => {
    if (!denied) return;
    toast({ title: 'Unauthorized', description: AGENT_ACCESS_REQUIRED, variant: 'destructive' });
    navigate('/', { replace: true });
  }, [denied, navigate]);
  if (access.isError) {
    return (
      <ScreenMessage title="Could not check your access" tone="danger">
        <Button className="mt-6" onClick={() => void access.refetch()}>
          <RefreshCw aria-hidden />
          Try Again
        </Button>
      </ScreenMessage>
    );
  }
  if (!access.isSuccess || denied) return <ScreenSpinner label="Checking your access…" />;
  return <RequireAgent>{children}</RequireAgent>;
}
