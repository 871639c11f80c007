import { RefreshCw, UsersRound } from 'lucide-react';
import type { Agent } from '../../../../shared/api/agents';
import { displayName } from '../../../../shared/names';
import { Button } from '../../../components/ui/button';
import { errorText } from '../../../lib/error-text';
import { toast } from '../../../lib/toast';
import { useAgents } from '../api/get-agents';
import { useSetAgentActive } from '../api/set-agent-active';
import { AgentRow } from './agent-row';
import { StaffSecurityActions } from './staff-security-actions';

function RowSkeleton() {
  return (
    <li aria-hidden className="flex items-center gap-3 px-4 py-4 sm:px-6">
      <span className="size-11 animate-pulse rounded-full bg-line" />
      <span className="flex flex-1 flex-col gap-2">
        <span className="h-4 w-40 animate-pulse rounded bg-line" />
        <span className="h-3 w-56 max-w-full animate-pulse rounded bg-line/70" />
      </span>
    </li>
  );
}

/** "Active Agents (n)": every agent account, with its status and the switch for it. */
export function AgentList({ selfId }: { selfId: string }) {
  const agents = useAgents();
  const setActive = useSetAgentActive();

  function toggle(agent: Agent) {
    const active = !agent.isActive;
    const name = displayName(agent);
    setActive.mutate(
      { id: agent.id, active },
      {
        onSuccess: () =>
          toast(
            active
              ? {
                  title: 'Agent Activated',
                  description: `${name} can sign in again.`,
                  variant: 'success',
                }
              : {
                  title: 'Agent Deactivated',
                  description: `${name} has been signed out and can no longer sign in.`,
                  variant: 'success',
                },
          ),
        onError: (e) =>
          toast({
            title: active ? 'Activation Failed' : 'Deactivation Failed',
            description: errorText(
              e,
              active ? 'Failed to activate agent account.' : 'Failed to deactivate agent account.',
            ),
            variant: 'destructive',
          }),
      },
    );
  }

  const list = agents.data;
  return (
    <section
      aria-labelledby="agents-title"
      className="overflow-hidden rounded-3xl bg-surface shadow-card ring-1 ring-black/5"
    >
      <div className="flex items-center justify-between gap-3 border-b border-line px-4 py-4 sm:px-6">
        <h2 id="agents-title" className="flex items-center gap-2 text-lg font-bold tracking-tight">
          <UsersRound aria-hidden className="size-5 text-brand-700" />
          Active Agents ({list?.length ?? 0})
        </h2>
        {agents.isFetching && !agents.isPending && (
          <span className="text-xs text-ink-muted" role="status">
            Refreshing…
          </span>
        )}
      </div>
      {agents.isPending ? (
        <ul aria-busy className="divide-y divide-line">
          <RowSkeleton />
          <RowSkeleton />
          <RowSkeleton />
          <li className="sr-only" role="status">
            Loading agents…
          </li>
        </ul>
      ) : agents.isError ? (
        <div className="px-4 py-10 text-center sm:px-6">
          <p className="font-semibold">Failed to load agents</p>
          <p className="mt-1 text-sm text-ink-muted">
            {errorText(agents.error, 'Please try again.')}
          </p>
          <Button variant="outline" className="mt-4" onClick={() => void agents.refetch()}>
            <RefreshCw aria-hidden />
            Try Again
          </Button>
        </div>
      ) : list && list.length > 0 ? (
        <ul className="divide-y divide-line">
          {list.map((agent) => (
            <AgentRow
              key={agent.id}
              agent={agent}
              isSelf={agent.id === selfId}
              pending={setActive.isPending && setActive.variables.id === agent.id}
              onToggle={toggle}
              security={<StaffSecurityActions agent={agent} isSelf={agent.id === selfId} />}
            />
          ))}
        </ul>
      ) : (
        <p className="px-4 py-12 text-center text-ink-muted sm:px-6">
          No agents found. Create the first agent account.
        </p>
      )}
    </section>
  );
}
