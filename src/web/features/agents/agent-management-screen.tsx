import { RequireAdmin, useGuardedUser } from '../auth';
import { AgentList } from './components/agent-list';
import { CreateAgentDialog } from './components/create-agent-dialog';
import { PortalHeader } from './components/portal-header';

function AgentManagement() {
  const admin = useGuardedUser();
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <PortalHeader />
      <main className="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-12 sm:px-6 sm:pt-10">
        <div className="mb-6 flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div>
            <h1 className="text-2xl font-bold tracking-tight sm:text-3xl">Agent Management</h1>
            <p className="mt-1 text-ink-muted">
              Create agent accounts and choose who can sign in to the agent portal.
            </p>
          </div>
          <CreateAgentDialog />
        </div>
        <AgentList selfId={admin.id} />
      </main>
    </div>
  );
}

/** /agent/management: admins create, deactivate and activate agent accounts. */
export default function AgentManagementScreen() {
  return (
    <RequireAdmin>
      <AgentManagement />
    </RequireAdmin>
  );
}
