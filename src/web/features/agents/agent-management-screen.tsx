import type { ReactNode } from 'react';
import type { User } from '../../../shared/api/auth';
import { AgentList } from './components/agent-list';
import { CreateAgentDialog } from './components/create-agent-dialog';
import { PortalHeader } from './components/portal-header';

/**
 * /agent/management: admins create, deactivate and activate agent accounts. The route lets
 * admins in and gives the admin and the sign-out button (app/guards.tsx).
 */
export default function AgentManagementScreen({
  user: admin,
  signOut,
}: {
  user: User;
  signOut: ReactNode;
}) {
  return (
    <div className="flex min-h-dvh flex-col bg-canvas">
      <PortalHeader title="Agent Management" signOut={signOut} />
      <main className="mx-auto w-full max-w-5xl flex-1 px-3 pt-4 pb-12 sm:px-6 sm:pt-8">
        <div className="mb-4 flex flex-col gap-3 sm:mb-6 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-ink-muted">
            Create agent accounts and choose who can sign in to the agent portal.
          </p>
          <CreateAgentDialog />
        </div>
        <AgentList selfId={admin.id} />
      </main>
    </div>
  );
}
