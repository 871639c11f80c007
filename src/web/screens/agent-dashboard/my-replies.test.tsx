// @vitest-environment jsdom
import { cleanup, configure, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, onTestFinished, vi } from 'vitest';
import type { CannedReply } from '../../../shared/api/canned-replies';
import { agentInboxRoutes } from '../../testing/agent-inbox-api';
import { stubApi, type ApiRoute } from '../../testing/api-stub';
import { cannedRepliesApi } from '../../testing/canned-replies-api';
import { FakeSocket } from '../../testing/fake-socket';
import { AT, makeUser } from '../../testing/fixtures';
import { renderApp } from '../../testing/render-app';

// The screen is a lazy chunk: its first render may take a while on a busy machine.
configure({ asyncUtilTimeout: 5000 });

const agent = makeUser({ isAgent: true, firstName: 'Tunde', lastName: 'Agent' });

const TEAM: CannedReply = {
  id: 1,
  scope: 'team',
  shortcut: 'welcome',
  content: 'Welcome to the desk, {customer.firstName}',
  updatedAt: AT,
};
const MINE: CannedReply = {
  id: 2,
  scope: 'personal',
  shortcut: 'bank',
  content: 'Which bank should we pay into?',
  updatedAt: AT,
};

/** The agent dashboard's own calls (no chats), canned replies from `replies`, and `extra`. */
function stubDashboard(replies: Record<string, ApiRoute>, extra: Record<string, ApiRoute> = {}) {
  return stubApi({
    // First: the first route that matches answers.
    ...extra,
    ...agentInboxRoutes({ agent }),
    'GET /api/service-metrics/me': () => ({
      body: {
        day: '2026-11-22',
        timeZone: 'Africa/Lagos',
        resolved: 0,
        firstResponses: 0,
        averageFirstResponseSeconds: null,
      },
    }),
    'GET /api/chat-sessions/active': () => ({ body: { items: [], nextCursor: null } }),
    'GET /api/chat-sessions/active/count': () => ({ body: { count: 0 } }),
    ...replies,
  });
}

const mySection = () => screen.getByRole('region', { name: 'My replies' });
const teamSection = () => screen.getByRole('region', { name: 'Team replies' });
const shortcuts = (section: HTMLElement) =>
  within(section)
    .queryAllByTestId('canned-reply')
    .map((row) => row.querySelector('p')!.textContent);

beforeEach(() => {
  FakeSocket.latest = null;
  vi.stubGlobal('WebSocket', FakeSocket);
  vi.stubGlobal('scrollTo', vi.fn());
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("the agent dashboard's My replies", () => {
  it("lists the agent's own replies to change, and the team's to read only", async () => {
    stubDashboard(cannedRepliesApi([TEAM, MINE]).routes);
    renderApp('/agent/dashboard');
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/bank']));
    const mine = mySection();
    expect(mine.id).toBe('my-replies');
    expect(within(mine).getByText('Which bank should we pay into?')).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Edit /bank' })).toBeTruthy();
    expect(within(mine).getByRole('button', { name: 'Delete /bank' })).toBeTruthy();
    expect(within(mine).getByRole('form', { name: 'New reply' })).toBeTruthy();

    const team = teamSection();
    expect(shortcuts(team)).toEqual(['/welcome']);
    expect(within(team).getByText('Welcome to the desk, {customer.firstName}')).toBeTruthy();
    // Read only: no Edit, Delete or form, and it says who changes them.
    expect(within(team).queryAllByRole('button')).toEqual([]);
    expect(within(team).queryByRole('form')).toBeNull();
    expect(team.textContent).toContain('Admins change them on the Admin Dashboard.');
  });

  it('says when there are none yet, and when the list cannot be read', async () => {
    stubDashboard({ 'GET /api/canned-replies': { body: [] } });
    renderApp('/agent/dashboard');
    await waitFor(() => expect(within(mySection()).getByText('No replies yet.')).toBeTruthy());
    expect(within(teamSection()).getByText('No replies yet.')).toBeTruthy();
    cleanup();

    stubDashboard({
      'GET /api/canned-replies': { status: 500, body: { error: 'Internal Server Error' } },
    });
    renderApp('/agent/dashboard');
    await waitFor(() =>
      expect(within(mySection()).getByRole('alert').textContent).toBe('Internal Server Error'),
    );
  });

  it('creates a personal reply: checked first, sent trimmed and lower-cased, then listed', async () => {
    const api = cannedRepliesApi([TEAM, MINE]);
    const calls = stubDashboard(api.routes);
    renderApp('/agent/dashboard');
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/bank']));
    const form = within(mySection()).getByRole('form', { name: 'New reply' });
    const shortcut = within(form).getByLabelText('Shortcut') as HTMLInputElement;
    const content = within(form).getByLabelText('Reply') as HTMLTextAreaElement;
    const posts = () => calls.filter((c) => c.method === 'POST');

    // The server's own rules, said before anything is sent.
    fireEvent.change(shortcut, { target: { value: 'has space' } });
    fireEvent.change(content, { target: { value: '   ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add reply' }));
    const alert = await within(form).findByRole('alert');
    expect(alert.textContent).toContain(
      'Shortcut: 1 to 32 lower-case letters, digits, - or _, starting with a letter or digit',
    );
    expect(alert.textContent).toContain('Reply cannot be empty');
    expect(shortcut.getAttribute('aria-invalid')).toBe('true');
    expect(content.getAttribute('aria-invalid')).toBe('true');
    expect(posts()).toEqual([]);

    fireEvent.change(shortcut, { target: { value: ' Thanks ' } });
    fireEvent.change(content, { target: { value: 'Thank you, {customer.firstName}! ' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add reply' }));
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/bank', '/thanks']));
    expect(posts().map((c) => c.body)).toEqual([
      { scope: 'personal', shortcut: 'thanks', content: 'Thank you, {customer.firstName}!' },
    ]);
    // The form is empty for the next one, and the error gone.
    expect(shortcut.value).toBe('');
    expect(content.value).toBe('');
    expect(within(form).queryByRole('alert')).toBeNull();
    // The team's list is not where it went.
    expect(shortcuts(teamSection())).toEqual(['/welcome']);
  });

  it("shows the server's refusal: a shortcut the agent already has", async () => {
    stubDashboard(cannedRepliesApi([MINE]).routes);
    renderApp('/agent/dashboard');
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/bank']));
    const form = within(mySection()).getByRole('form', { name: 'New reply' });
    fireEvent.change(within(form).getByLabelText('Shortcut'), { target: { value: 'bank' } });
    fireEvent.change(within(form).getByLabelText('Reply'), { target: { value: 'Again' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add reply' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A canned reply with this shortcut already exists',
    );
    // What was typed stays, to be changed.
    expect((within(form).getByLabelText('Reply') as HTMLTextAreaElement).value).toBe('Again');
    expect(shortcuts(mySection())).toEqual(['/bank']);
  });

  it('edits a reply in place; Cancel leaves it; a failed save says why', async () => {
    const api = cannedRepliesApi([
      TEAM,
      MINE,
      { ...MINE, id: 3, shortcut: 'rate', content: 'Our rate is {rate.bitcoin.sell}' },
    ]);
    const calls = stubDashboard(api.routes);
    renderApp('/agent/dashboard');
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/bank', '/rate']));

    fireEvent.click(within(mySection()).getByRole('button', { name: 'Edit /bank' }));
    let form = within(mySection()).getByRole('form', { name: 'Edit /bank' });
    fireEvent.change(within(form).getByLabelText('Reply'), { target: { value: 'Changed' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Cancel' }));
    expect(within(mySection()).queryByRole('form', { name: 'Edit /bank' })).toBeNull();
    expect(within(mySection()).getByText('Which bank should we pay into?')).toBeTruthy();

    // Taking another reply's shortcut: refused, the form stays open with the reason.
    fireEvent.click(within(mySection()).getByRole('button', { name: 'Edit /bank' }));
    form = within(mySection()).getByRole('form', { name: 'Edit /bank' });
    fireEvent.change(within(form).getByLabelText('Shortcut'), { target: { value: 'rate' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(
      'A canned reply with this shortcut already exists',
    );

    fireEvent.change(within(form).getByLabelText('Shortcut'), { target: { value: 'payout' } });
    fireEvent.change(within(form).getByLabelText('Reply'), {
      target: { value: 'Which bank, {customer.firstName}?' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/payout', '/rate']));
    expect(within(mySection()).getByText('Which bank, {customer.firstName}?')).toBeTruthy();
    expect(within(mySection()).queryByRole('form', { name: /^Edit/ })).toBeNull();
    expect(calls.filter((c) => c.method === 'PATCH').map((c) => [c.path, c.body])).toEqual([
      ['/api/canned-replies/2', { shortcut: 'rate', content: 'Which bank should we pay into?' }],
      [
        '/api/canned-replies/2',
        { shortcut: 'payout', content: 'Which bank, {customer.firstName}?' },
      ],
    ]);
  });

  it('deletes a reply; a failed delete says why and keeps it', async () => {
    const api = cannedRepliesApi([MINE, { ...MINE, id: 3, shortcut: 'rate' }]);
    stubDashboard(api.routes, {
      // Already gone (deleted in another tab): the server's 404 for /rate.
      'DELETE /api/canned-replies/3': { status: 404, body: { error: 'Canned reply not found' } },
    });
    renderApp('/agent/dashboard');
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/bank', '/rate']));

    fireEvent.click(within(mySection()).getByRole('button', { name: 'Delete /bank' }));
    await waitFor(() => expect(shortcuts(mySection())).toEqual(['/rate']));
    expect(api.replies.map((r) => r.shortcut)).toEqual(['rate']);

    fireEvent.click(within(mySection()).getByRole('button', { name: 'Delete /rate' }));
    const row = within(mySection()).getByTestId('canned-reply');
    expect((await within(row).findByRole('alert')).textContent).toBe('Canned reply not found');
  });

  it('#my-replies (the picker\'s "Manage my replies") scrolls to the section once the chats are listed', async () => {
    const scrolled: Element[] = [];
    // jsdom has no scrollIntoView: this one records what was scrolled to.
    Element.prototype.scrollIntoView = function (this: Element) {
      scrolled.push(this);
    };
    onTestFinished(() => {
      delete (Element.prototype as Partial<Element>).scrollIntoView;
    });
    stubDashboard(cannedRepliesApi([MINE]).routes);
    renderApp('/agent/dashboard#my-replies');
    await screen.findByText('No active conversations');
    await waitFor(() => expect(scrolled.map((e) => e.id)).toEqual(['my-replies']));
    expect(scrolled[0]).toBe(mySection());
  });
});
