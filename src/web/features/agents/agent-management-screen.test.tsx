// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  GENERATED_PASSWORD_ALPHABET,
  GENERATED_PASSWORD_LENGTH,
  type Agent,
} from '../../../shared/api/agents';
import { toastStore } from '../../lib/toast';
import { agentsQuery, AGENTS_REFETCH_MS } from './api/get-agents';
import { stubApi } from '../../testing/api-stub';
import { makeUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

// Screens load lazily and the machine may be busy: wait longer than the 1 s default.
configure({ asyncUtilTimeout: 5000 });

const ADMIN = makeUser({ firstName: 'Ada', lastName: 'Obi', isAgent: true, isAdmin: true });

function agent(overrides: Partial<Agent> = {}): Agent {
  return {
    id: '5a1c7c2e-1d0e-4f4b-8f55-5f3d7b1e2a01',
    email: 'bola@example.com',
    firstName: 'Bola',
    lastName: 'Adeyemi',
    agentType: 'usdt',
    isActive: true,
    isAdmin: false,
    twoFactorEnabled: false,
    createdAt: '2026-11-20T10:00:00.000Z',
    ...overrides,
  };
}

const ADMIN_AGENT = agent({
  id: ADMIN.id,
  email: ADMIN.email,
  firstName: 'Ada',
  lastName: 'Obi',
  agentType: 'general',
  isAdmin: true,
});

// Loaded before the tests, so the lazy route does not eat into their waiting time.
beforeAll(async () => {
  await import('./agent-management-screen');
});

beforeEach(() => {
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  toastStore.remove();
  vi.unstubAllGlobals();
});

function currentToast() {
  return toastStore.getSnapshot().find((t) => t.open);
}

async function openDialog() {
  fireEvent.click(await screen.findByRole('button', { name: 'Create New Agent' }));
  return within(await screen.findByRole('dialog', { name: 'Create New Agent' }));
}

describe('agent management', () => {
  it('polls the agent list every 30 s', () => {
    expect(AGENTS_REFETCH_MS).toBe(30_000);
    expect(agentsQuery.refetchInterval).toBe(30_000);
  });

  it('lists agents with their badges and the count', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({
        body: [
          ADMIN_AGENT,
          agent(),
          agent({
            id: '5a1c7c2e-1d0e-4f4b-8f55-5f3d7b1e2a02',
            email: 'ife@example.com',
            isActive: false,
          }),
        ],
      }),
    });
    renderApp('/agent/management');
    expect(await screen.findByRole('heading', { name: 'Active Agents (3)' })).toBeTruthy();
    const rows = screen.getAllByTestId('agent-row');
    expect(rows).toHaveLength(3);
    // The admin's own row: no switch to lock themselves out.
    expect(within(rows[0]!).queryByRole('button', { name: /activate/i })).toBeNull();
    expect(within(rows[0]!).getByRole('button', { name: /Remove admin/ })).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: /Make admin/ })).toBeTruthy();
    expect(within(rows[1]!).getByTestId('two-factor-status').textContent).toBe('Two-factor off');
    expect(within(rows[1]!).getByText('Active')).toBeTruthy();
    expect(within(rows[1]!).getByText(/USDT Specialist/)).toBeTruthy();
    expect(within(rows[1]!).getByRole('button', { name: 'Deactivate Bola Adeyemi' })).toBeTruthy();
    expect(within(rows[2]!).getByText('Inactive')).toBeTruthy();
    expect(within(rows[2]!).getByRole('button', { name: 'Activate Bola Adeyemi' })).toBeTruthy();
  });

  it('says so when there are no agents', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [] }),
    });
    renderApp('/agent/management');
    expect(
      await screen.findByText('No agents found. Create the first agent account.'),
    ).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Active Agents (0)' })).toBeTruthy();
  });

  it('generates a 12-character password and shows or hides it', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [ADMIN_AGENT] }),
    });
    renderApp('/agent/management');
    const dialog = await openDialog();
    const password = dialog.getByLabelText('Password') as HTMLInputElement;
    expect(password.type).toBe('password');

    fireEvent.click(dialog.getByRole('button', { name: 'Generate' }));
    const first = password.value;
    expect(first).toHaveLength(GENERATED_PASSWORD_LENGTH);
    expect([...first].every((c) => GENERATED_PASSWORD_ALPHABET.includes(c))).toBe(true);
    expect(password.type).toBe('text');

    fireEvent.click(dialog.getByRole('button', { name: 'Hide password' }));
    expect(password.type).toBe('password');
    fireEvent.click(dialog.getByRole('button', { name: 'Show password' }));
    expect(password.type).toBe('text');

    fireEvent.click(dialog.getByRole('button', { name: 'Generate' }));
    expect(password.value).not.toBe(first);
  });

  it('asks for every required field before calling the server', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [ADMIN_AGENT] }),
    });
    renderApp('/agent/management');
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('First Name'), { target: { value: 'Bola' } });
    fireEvent.change(dialog.getByLabelText('Last Name'), { target: { value: 'Adeyemi' } });
    fireEvent.change(dialog.getByLabelText('Email Address'), { target: { value: '  ' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Generate' }));
    fireEvent.click(dialog.getByRole('button', { name: 'Create Agent' }));

    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Missing Information',
        description: 'Please fill in all required fields.',
      }),
    );
    expect(dialog.getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText('First Name').getAttribute('aria-invalid')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('creates the agent with the chosen specialization and adds it to the list', async () => {
    const created = agent({ agentType: 'bitcoin' });
    const agents = [ADMIN_AGENT];
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: agents }),
      // As the server: a second create with the same email is refused.
      'POST /api/agents/create': () => {
        if (agents.includes(created))
          return { status: 409, body: { error: 'An agent with this email already exists.' } };
        agents.push(created);
        return { status: 201, body: created };
      },
    });
    renderApp('/agent/management');
    const dialog = await openDialog();
    expect((dialog.getByLabelText('Agent Specialization') as HTMLSelectElement).value).toBe(
      'general',
    );
    expect(
      within(dialog.getByLabelText('Agent Specialization'))
        .getAllByRole('option')
        .map((o) => [o.textContent, (o as HTMLOptionElement).value]),
    ).toEqual([
      ['Bitcoin Specialist', 'bitcoin'],
      ['USDT Specialist', 'usdt'],
      ['General Support', 'general'],
    ]);
    fireEvent.change(dialog.getByLabelText('First Name'), { target: { value: ' Bola ' } });
    fireEvent.change(dialog.getByLabelText('Last Name'), { target: { value: 'Adeyemi' } });
    fireEvent.change(dialog.getByLabelText('Email Address'), {
      target: { value: 'bola@example.com' },
    });
    fireEvent.change(dialog.getByLabelText('Agent Specialization'), {
      target: { value: 'bitcoin' },
    });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'a long password' } });
    // A double click creates once, and says only that it did.
    const createButton = dialog.getByRole('button', { name: 'Create Agent' });
    fireEvent.click(createButton);
    fireEvent.click(createButton);

    await waitFor(() => expect(currentToast()?.title).toBe('Agent Created'));
    expect(calls.filter((c) => c.path === '/api/agents/create')).toHaveLength(1);
    expect(calls.find((c) => c.path === '/api/agents/create')?.body).toEqual({
      firstName: 'Bola',
      lastName: 'Adeyemi',
      email: 'bola@example.com',
      password: 'a long password',
      agentType: 'bitcoin',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(await screen.findByText('Bola Adeyemi')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Active Agents (2)' })).toBeTruthy();
  });

  it("shows the server's message, or its own, when creation fails", async () => {
    let reply: { status: number; body: unknown } = {
      status: 409,
      body: { error: 'An agent with this email already exists.' },
    };
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [ADMIN_AGENT] }),
      'POST /api/agents/create': () => reply,
    });
    renderApp('/agent/management');
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('First Name'), { target: { value: 'Bola' } });
    fireEvent.change(dialog.getByLabelText('Last Name'), { target: { value: 'Adeyemi' } });
    fireEvent.change(dialog.getByLabelText('Email Address'), {
      target: { value: 'bola@example.com' },
    });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'a long password' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Creation Failed',
        description: 'An agent with this email already exists.',
      }),
    );
    // Said once, in the toast: the dialog does not repeat it.
    expect(dialog.queryByRole('alert')).toBeNull();

    reply = { status: 500, body: 'not json' };
    fireEvent.click(dialog.getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(currentToast()?.description).toBe('Failed to create agent account.'),
    );
  });

  it('checks the fields with the API’s own schema: its words, one line per problem, each field by its label', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [ADMIN_AGENT] }),
    });
    renderApp('/agent/management');
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('First Name'), { target: { value: 'Bola' } });
    fireEvent.change(dialog.getByLabelText('Last Name'), { target: { value: 'Adeyemi' } });
    fireEvent.change(dialog.getByLabelText('Email Address'), { target: { value: 'bola@' } });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'short' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Creation Failed',
        description:
          'Email Address: Enter a valid email address\nPassword: Password must be at least 8 characters',
      }),
    );
    expect(dialog.getByLabelText('Email Address').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText('Password').getAttribute('aria-invalid')).toBe('true');
    expect(dialog.getByLabelText('First Name').getAttribute('aria-invalid')).toBeNull();
    expect(dialog.queryByRole('alert')).toBeNull();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('names the server’s fields in words, one line per problem, never field keys', async () => {
    stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [ADMIN_AGENT] }),
      'POST /api/agents/create': () => ({
        status: 400,
        body: { error: 'email: This email is taken; lastName: Last name is required' },
      }),
    });
    renderApp('/agent/management');
    const dialog = await openDialog();
    fireEvent.change(dialog.getByLabelText('First Name'), { target: { value: 'Bola' } });
    fireEvent.change(dialog.getByLabelText('Last Name'), { target: { value: 'Adeyemi' } });
    fireEvent.change(dialog.getByLabelText('Email Address'), {
      target: { value: 'bola@example.com' },
    });
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'a long password' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create Agent' }));
    await waitFor(() =>
      expect(currentToast()).toMatchObject({
        title: 'Creation Failed',
        description: 'Email Address: This email is taken\nLast Name: Last name is required',
      }),
    );
    expect(dialog.queryByRole('alert')).toBeNull();
  });

  it('deactivates and activates an agent', async () => {
    const calls = stubApi({
      'GET /api/auth/user': () => ({ body: ADMIN }),
      'GET /api/agents/all': () => ({ body: [ADMIN_AGENT, agent()] }),
      [`POST /api/agents/${agent().id}/deactivate`]: () => ({ body: agent({ isActive: false }) }),
      [`POST /api/agents/${agent().id}/activate`]: () => ({ body: agent() }),
    });
    renderApp('/agent/management');
    fireEvent.click(await screen.findByRole('button', { name: 'Deactivate Bola Adeyemi' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Agent Deactivated'));
    const row = screen.getAllByTestId('agent-row')[1]!;
    expect(within(row).getByText('Inactive')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: 'Activate Bola Adeyemi' }));
    await waitFor(() => expect(currentToast()?.title).toBe('Agent Activated'));
    expect(within(row).getByText('Active')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.path)).toEqual([
      `/api/agents/${agent().id}/deactivate`,
      `/api/agents/${agent().id}/activate`,
    ]);
  });
});
