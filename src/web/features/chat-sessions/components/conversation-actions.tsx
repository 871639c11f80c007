import {
  Archive,
  ArrowRightLeft,
  Hand,
  Lock,
  RotateCcw,
  ShieldAlert,
  type LucideIcon,
} from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { TRANSFER_NOTE_MAX_LENGTH, type ChatSession } from '../../../../shared/api/chat-sessions';
import { buttonClasses } from '../../../components/ui/button';
import { ApiError } from '../../../lib/api-client';
import { useAgentRoster } from '../../availability/api/agent-roster';
import { useLifecycleStep, type LifecycleRequest } from '../api/lifecycle';

/** Who looks at the chat: their id and whether they are an admin. */
export interface ActionsViewer {
  id: string;
  isAdmin: boolean;
}

function agentName(agent: { firstName: string | null; lastName: string | null } | null): string {
  const name = [agent?.firstName, agent?.lastName].filter(Boolean).join(' ').trim();
  return name || 'another agent';
}

/** Whether the chat is locked for the viewer: assigned, not resolved, to someone else. */
export function isLockedFor(session: ChatSession, viewerId: string): boolean {
  return session.status === 'active' && session.agentId !== null && session.agentId !== viewerId;
}

function ActionButton({
  icon,
  children,
  onClick,
  disabled,
  variant = 'outline',
}: {
  icon: ReactNode;
  children: ReactNode;
  onClick: () => void;
  disabled?: boolean;
  variant?: 'primary' | 'outline';
}) {
  return (
    <button
      type="button"
      className={buttonClasses({ variant, className: 'gap-1.5 px-3 text-sm' })}
      onClick={onClick}
      disabled={disabled}
    >
      {icon}
      {children}
    </button>
  );
}

/** The agent picker and the note a transfer (or an admin's assignment) sends. */
function HandOverForm({
  session,
  mode,
  pending,
  onSubmit,
  onCancel,
}: {
  session: ChatSession;
  mode: 'transfer' | 'assign';
  pending: boolean;
  onSubmit: (request: LifecycleRequest) => void;
  onCancel: () => void;
}) {
  const roster = useAgentRoster();
  const [agentId, setAgentId] = useState('');
  const [note, setNote] = useState('');
  const pickerId = useId();
  const noteId = useId();
  const agents = (roster.data ?? []).filter((a) => a.id !== session.agentId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId) return;
    onSubmit(
      mode === 'transfer'
        ? { step: 'transfer', body: { agentId, note } }
        : { step: 'assign', body: { agentId } },
    );
  };
  return (
    <form
      onSubmit={submit}
      aria-label={mode === 'transfer' ? 'Transfer the chat' : 'Assign the chat'}
      className="flex flex-col gap-2 border-t border-line pt-2 sm:flex-row sm:flex-wrap sm:items-end"
    >
      <label
        htmlFor={pickerId}
        className="flex flex-col gap-1 text-xs font-semibold text-ink-muted"
      >
        Agent
        <select
          id={pickerId}
          required
          value={agentId}
          onChange={(e) => setAgentId(e.target.value)}
          className="min-h-11 rounded-lg border border-line bg-surface px-2 text-sm text-ink"
        >
          <option value="">{roster.isPending ? 'Loading agents…' : 'Choose an agent'}</option>
          {agents.map((a) => (
            <option key={a.id} value={a.id}>
              {agentName(a)} ·{' '}
              {a.state === 'break' ? 'Break' : a.state === 'online' ? 'Online' : 'Offline'} ·{' '}
              {a.openChats} open
            </option>
          ))}
        </select>
      </label>
      {mode === 'transfer' && (
        <label
          htmlFor={noteId}
          className="flex flex-1 flex-col gap-1 text-xs font-semibold text-ink-muted"
        >
          Note for them
          <input
            id={noteId}
            required
            maxLength={TRANSFER_NOTE_MAX_LENGTH}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            placeholder="What they need to know"
            className="min-h-11 rounded-lg border border-line bg-surface px-2 text-sm text-ink"
          />
        </label>
      )}
      <div className="flex gap-2">
        <button
          type="submit"
          className={buttonClasses({ className: 'px-3 text-sm' })}
          disabled={pending || !agentId || (mode === 'transfer' && !note.trim())}
        >
          {mode === 'transfer' ? 'Transfer' : 'Assign'}
        </button>
        <button
          type="button"
          className={buttonClasses({ variant: 'ghost', className: 'px-3 text-sm' })}
          onClick={onCancel}
        >
          Cancel
        </button>
      </div>
    </form>
  );
}

type Action = 'reopen' | 'claim' | 'assign' | 'take-over' | 'transfer' | 'resolve';

/** Each action's button; Assign and Transfer open the hand-over form, the others run at once. */
const ACTIONS: Record<Action, { label: string; Icon: LucideIcon; primary?: boolean }> = {
  reopen: { label: 'Reopen', Icon: RotateCcw },
  claim: { label: 'Claim', Icon: Hand, primary: true },
  assign: { label: 'Assign', Icon: ArrowRightLeft },
  'take-over': { label: 'Take over', Icon: ShieldAlert, primary: true },
  transfer: { label: 'Transfer', Icon: ArrowRightLeft },
  resolve: { label: 'Resolve', Icon: Archive },
};

/** What the viewer may do with the chat as it stands, and the word for its state. */
function actionsFor(
  session: ChatSession,
  viewer: ActionsViewer,
  { mine, locked }: { mine: boolean; locked: boolean },
): { status: string | null; actions: Action[] } {
  if (session.status === 'closed') return { status: 'Resolved', actions: ['reopen'] };
  if (session.status === 'open' || session.agentId === null) {
    const assign: Action[] = viewer.isAdmin ? ['assign'] : [];
    return { status: 'Unassigned', actions: ['claim', ...assign, 'resolve'] };
  }
  if (!mine && !viewer.isAdmin) return { status: null, actions: [] };
  const takeOver: Action[] = locked ? ['take-over'] : [];
  return {
    status: mine ? 'Assigned to you' : null,
    actions: [...takeOver, 'transfer', 'resolve'],
  };
}

/**
 * The open conversation's lifecycle actions for staff (ADR 018): Claim, Resolve, Reopen,
 * Transfer (agent picker and note), admins' Assign and Take over, and the read-only banner
 * "Locked: assigned to {agent}" on a chat held by someone else. One component, placed by the
 * screen that shows the conversation.
 */
export function ConversationActions({
  session,
  viewer,
}: {
  session: ChatSession;
  viewer: ActionsViewer;
}) {
  const step = useLifecycleStep(session.id);
  const [form, setForm] = useState<'transfer' | 'assign' | null>(null);
  const run = (request: LifecycleRequest) =>
    step.mutate(request, { onSuccess: () => setForm(null) });
  const pending = step.isPending;
  const locked = isLockedFor(session, viewer.id);
  const mine = session.status === 'active' && session.agentId === viewer.id;
  const error =
    step.error instanceof ApiError
      ? step.error.message
      : step.error
        ? 'That did not work. Try again.'
        : null;

  const { status, actions } = actionsFor(session, viewer, { mine, locked });
  const buttons = actions.map((action) => {
    const { label, Icon, primary } = ACTIONS[action];
    return (
      <ActionButton
        key={action}
        variant={primary ? 'primary' : 'outline'}
        icon={<Icon aria-hidden className="size-4" />}
        onClick={() =>
          action === 'assign' || action === 'transfer' ? setForm(action) : run({ step: action })
        }
        disabled={pending}
      >
        {label}
      </ActionButton>
    );
  });

  return (
    <div
      role="region"
      aria-label="Conversation actions"
      className="flex shrink-0 flex-col gap-2 border-b border-line bg-surface px-3 py-2 sm:px-4"
    >
      {locked && (
        <p
          role="status"
          className="flex items-center gap-2 rounded-lg bg-amber-50 px-3 py-1.5 text-sm font-medium text-amber-900 ring-1 ring-amber-200"
        >
          <Lock aria-hidden className="size-4 shrink-0" />
          Locked: assigned to {agentName(session.agent)}
        </p>
      )}
      {(status || buttons.length > 0) && (
        <div className="flex flex-wrap items-center gap-2">
          {status && (
            <span className="mr-auto text-xs font-semibold tracking-wide text-ink-muted uppercase">
              {status}
            </span>
          )}
          {/* The buttons wrap as one group: on a phone, together on a line under the label. */}
          <div className="flex flex-wrap gap-2">{buttons}</div>
        </div>
      )}
      {form && (
        <HandOverForm
          session={session}
          mode={form}
          pending={pending}
          onSubmit={run}
          onCancel={() => setForm(null)}
        />
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
