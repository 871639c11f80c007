import { UserCheck, UserX } from 'lucide-react';
import type { ReactNode } from 'react';
import type { Agent } from '../../../../shared/api/agents';
import { displayName, initials } from '../../../../shared/names';
import { Button } from '../../../components/ui/button';
import { cn } from '../../../lib/cn';
import { specializationLabel } from '../agent-types';

const joinedFormat = new Intl.DateTimeFormat('en-NG', { dateStyle: 'medium' });

function StatusBadge({ active }: { active: boolean }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold',
        active ? 'bg-up-soft text-up' : 'bg-line/60 text-ink-muted',
      )}
    >
      <span
        aria-hidden
        className={cn('size-1.5 rounded-full', active ? 'bg-up' : 'bg-ink-muted/60')}
      />
      {active ? 'Active' : 'Inactive'}
    </span>
  );
}

/** One agent: who, what they handle, whether they can sign in, and the switch for that. */
export function AgentRow({
  agent,
  isSelf,
  pending,
  onToggle,
  security,
}: {
  agent: Agent;
  /** The admin's security actions for this member (StaffSecurityActions). */
  security?: ReactNode;
  /** The admin's own account: it cannot be deactivated from here. */
  isSelf: boolean;
  pending: boolean;
  onToggle: (agent: Agent) => void;
}) {
  const name = displayName(agent);
  return (
    <li
      data-testid="agent-row"
      className="flex flex-col gap-3 px-4 py-4 sm:flex-row sm:items-center sm:gap-4 sm:px-6"
    >
      <div className="flex min-w-0 flex-1 items-center gap-3">
        <span
          aria-hidden
          className={cn(
            'inline-flex size-11 shrink-0 items-center justify-center rounded-full text-sm font-bold',
            agent.isActive ? 'bg-brand-100 text-brand-800' : 'bg-line/70 text-ink-muted',
          )}
        >
          {initials(agent)}
        </span>
        <div className="min-w-0">
          <p className="flex flex-wrap items-center gap-x-2 gap-y-1 leading-tight font-semibold">
            <span className="truncate">{name}</span>
            {agent.isAdmin && (
              <span className="rounded-md bg-gold-200 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-brand-950 uppercase">
                Admin
              </span>
            )}
            {isSelf && (
              <span className="rounded-md bg-brand-50 px-1.5 py-0.5 text-[11px] font-bold tracking-wide text-brand-800 uppercase">
                You
              </span>
            )}
          </p>
          {agent.email && <p className="mt-0.5 truncate text-sm text-ink-muted">{agent.email}</p>}
          <p className="mt-0.5 text-xs text-ink-muted">
            {specializationLabel(agent.agentType)} · Joined{' '}
            {joinedFormat.format(new Date(agent.createdAt))}
          </p>
          {security && <div className="mt-2">{security}</div>}
        </div>
      </div>
      <div className="flex items-center justify-between gap-3 pl-14 sm:justify-end sm:pl-0">
        <StatusBadge active={agent.isActive} />
        {!isSelf &&
          (agent.isActive ? (
            // Its own variant: classes on top of the primary one would leave white on white.
            <Button
              variant="danger"
              className="min-w-36"
              disabled={pending}
              onClick={() => onToggle(agent)}
              aria-label={`Deactivate ${name}`}
            >
              <UserX aria-hidden />
              Deactivate
            </Button>
          ) : (
            <Button
              variant="outline"
              className="min-w-36"
              disabled={pending}
              onClick={() => onToggle(agent)}
              aria-label={`Activate ${name}`}
            >
              <UserCheck aria-hidden />
              Activate
            </Button>
          ))}
      </div>
    </li>
  );
}
