// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AgentRosterEntry } from '../../../../shared/api/availability';
import type { ChatSession } from '../../../../shared/api/chat-sessions';
import { json, stubApi, type ApiCall } from '../../../testing/api-stub';
import { AGENT_ID, AT, makeSession } from '../../../testing/fixtures';
import { renderWithApp } from '../../../testing/render-app';
import { ConversationActions } from './conversation-actions';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const OTHER_ID = '33333333-3333-4333-8333-333333333333';
const ADMIN_ID = '44444444-4444-4444-8444-444444444444';
const agent = { id: AGENT_ID, isAdmin: false };
const admin = { id: ADMIN_ID, isAdmin: true };
const held = (by: string, name: string): Partial<ChatSession> => ({
  status: 'active',
  agentId: by,
  assignedAt: AT,
  agent: { id: by, firstName: name, lastName: 'Okafor' },
});

const ROSTER: AgentRosterEntry[] = [
  {
    id: AGENT_ID,
    firstName: 'Ada',
    lastName: 'Eze',
    agentType: 'bitcoin',
    isAdmin: false,
    state: 'online',
    since: AT,
    openChats: 3,
  },
  {
    id: OTHER_ID,
    firstName: 'Chidi',
    lastName: 'Okafor',
    agentType: 'general',
    isAdmin: false,
    state: 'break',
    since: AT,
    openChats: 1,
  },
];

/** Every lifecycle step answers the chat as the server would leave it. */
function stubSteps(after: Partial<ChatSession>) {
  return stubApi({
    'POST /api/chat-sessions/7/:step': () => json(makeSession({ id: 7, ...after })),
    'GET /api/availability/agents': () => json(ROSTER),
  });
}
const posted = (calls: ApiCall[]) =>
  calls.filter((c) => c.method === 'POST').map((c) => [c.path, c.body]);

describe('ConversationActions', () => {
  it('an unassigned chat: Claim makes it the agent’s, then Transfer and Resolve are offered', async () => {
    const calls = stubSteps(held(AGENT_ID, 'Ada'));
    renderWithApp(<ConversationActions session={makeSession({ id: 7 })} viewer={agent} />);
    expect(screen.getByText('Unassigned')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Take over' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Assign' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Claim' }));
    await waitFor(() => expect(posted(calls)).toEqual([['/api/chat-sessions/7/claim', {}]]));
  });

  it('a chat locked to another agent: the banner, and nothing to press for an agent', () => {
    stubSteps({});
    renderWithApp(
      <ConversationActions
        session={makeSession({ id: 7, ...held(OTHER_ID, 'Chidi') })}
        viewer={agent}
      />,
    );
    expect(screen.getByRole('status').textContent).toBe('Locked: assigned to Chidi Okafor');
    expect(screen.queryAllByRole('button')).toEqual([]);
  });

  it('an admin takes over a locked chat', async () => {
    const calls = stubSteps(held(ADMIN_ID, 'Admin'));
    renderWithApp(
      <ConversationActions
        session={makeSession({ id: 7, ...held(OTHER_ID, 'Chidi') })}
        viewer={admin}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Take over' }));
    await waitFor(() => expect(posted(calls)).toEqual([['/api/chat-sessions/7/take-over', {}]]));
  });

  it('the holder transfers with a picked agent and a note; the server’s refusal is shown', async () => {
    const calls = stubApi({
      'GET /api/availability/agents': () => json(ROSTER),
      'POST /api/chat-sessions/7/transfer': () => json({ error: 'No such active agent' }, 400),
    });
    renderWithApp(
      <ConversationActions
        session={makeSession({ id: 7, ...held(AGENT_ID, 'Ada') })}
        viewer={agent}
      />,
    );
    expect(screen.getByText('Assigned to you')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Transfer' }));
    const picker = screen.getByLabelText('Agent');
    // The holder is not offered to themselves.
    await waitFor(() =>
      expect(screen.getByRole('option', { name: /Chidi Okafor · Break · 1 open/ })).toBeTruthy(),
    );
    expect(screen.queryByRole('option', { name: /Ada Eze/ })).toBeNull();
    fireEvent.change(picker, { target: { value: OTHER_ID } });
    expect(
      (screen.getAllByRole('button', { name: 'Transfer' }).at(-1) as HTMLButtonElement).disabled,
    ).toBe(true);
    fireEvent.change(screen.getByLabelText('Note for them'), {
      target: { value: 'Wants a quote' },
    });
    fireEvent.click(screen.getAllByRole('button', { name: 'Transfer' }).at(-1)!);
    await waitFor(() =>
      expect(posted(calls)).toEqual([
        ['/api/chat-sessions/7/transfer', { agentId: OTHER_ID, note: 'Wants a quote' }],
      ]),
    );
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toContain('No such active agent'),
    );
  });

  it('a resolved chat offers Reopen', async () => {
    const calls = stubSteps(held(AGENT_ID, 'Ada'));
    renderWithApp(
      <ConversationActions
        session={makeSession({ id: 7, ...held(AGENT_ID, 'Ada'), status: 'closed', resolvedAt: AT })}
        viewer={agent}
      />,
    );
    expect(screen.getByText('Resolved')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Reopen' }));
    await waitFor(() => expect(posted(calls)).toEqual([['/api/chat-sessions/7/reopen', {}]]));
  });
});
