// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BANNED_MESSAGE } from '../../../shared/api/customers';
import { toastStore } from '../../lib/toast';
import ChatChoiceScreen from './chat-choice-screen';
import { resetUnauthorizedRedirect, UNAUTHORIZED_REDIRECT_MS } from '../../lib/unauthorized';
import { json, stubApi } from '../../testing/api-stub';
import { fakeRealtime } from '../../testing/fake-realtime';
import { deferred, makeMessage, makeSession, makeUser } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';

function renderChoice(path = '/trade') {
  return renderWithApp(<ChatChoiceScreen />, path, path);
}

function choice(category: 'bitcoin' | 'usdt') {
  return screen.getByTestId(`choice-${category}`) as HTMLButtonElement;
}

beforeEach(() => {
  fakeRealtime.reset();
  resetUnauthorizedRedirect();
});

afterEach(() => {
  cleanup();
  toastStore.remove();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('ChatChoiceScreen', () => {
  it('offers Bitcoin and USDT with their desks (no invented agents) and badges, and the earlier conversations', async () => {
    stubApi({
      'GET /api/auth/user': () => json(makeUser()),
      'GET /api/chat-sessions': () =>
        json({
          items: [
            makeSession({
              id: 9,
              category: 'usdt',
              lastMessage: makeMessage({ id: 4, content: 'Thanks, received' }),
            }),
          ],
          nextCursor: null,
        }),
      'GET /api/transactions/customer': () => json({ items: [], nextCursor: null }),
    });
    renderChoice();
    await screen.findByText('Bitcoin Trading');
    expect(choice('bitcoin').textContent).toContain('Chat with our Bitcoin desk');
    expect(choice('bitcoin').textContent).toContain('BTC');
    expect(choice('usdt').textContent).toContain('USDT Trading');
    expect(choice('usdt').textContent).toContain('Chat with our USDT desk');
    // No invented agent (the demo's names belong to the demo pages).
    expect(screen.queryByText(/Agent (Tunde|Amaka)/)).toBeNull();
    const earlier = await screen.findByRole('link', { name: /Thanks, received/ });
    expect(earlier.getAttribute('href')).toBe('/chat/9');
  });

  it('blocks choosing while the conversation starts, then opens it', async () => {
    const created = deferred<Response>();
    const calls = stubApi({
      'GET /api/auth/user': () => json(makeUser()),
      'GET /api/chat-sessions': () => json({ items: [], nextCursor: null }),
      'POST /api/chat-sessions': () => created.promise,
    });
    const app = renderChoice('/chat');
    await screen.findByText('Bitcoin Trading');

    fireEvent.click(choice('bitcoin'));
    await waitFor(() =>
      expect(choice('bitcoin').textContent).toContain('Starting conversation...'),
    );
    expect(choice('bitcoin').disabled).toBe(true);
    expect(choice('usdt').disabled).toBe(true);
    fireEvent.click(choice('usdt'));
    fireEvent.click(choice('bitcoin'));
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts).toMatchObject([
      { method: 'POST', path: '/api/chat-sessions', body: { category: 'bitcoin' } },
    ]);

    await act(async () => created.resolve(json(makeSession({ id: 31 }), 201)));
    await waitFor(() => expect(app.currentPath()).toBe('/chat/31'));
  });

  it("shows a banned customer the server's error and lets them choose again", async () => {
    stubApi({
      'GET /api/auth/user': () => json(makeUser({ customerStatus: 'banned' })),
      'GET /api/chat-sessions': () => json({ items: [], nextCursor: null }),
      'POST /api/chat-sessions': () => json({ error: BANNED_MESSAGE }, 403),
    });
    const app = renderChoice();
    await screen.findByText('Bitcoin Trading');
    // Before anything is pressed: restricted, and how to reach support (SUPPORT_CONTACT).
    const note = screen.getByRole('note');
    expect(note.textContent).toBe(
      'Your account is restricted. Contact support: WhatsApp +2348012345678',
    );
    const support = within(note).getByRole('link', { name: 'WhatsApp +2348012345678' });
    expect(support.getAttribute('href')).toBe('https://wa.me/2348012345678');
    expect(support.getAttribute('rel')).toBe('noopener noreferrer');
    fireEvent.click(choice('usdt'));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(BANNED_MESSAGE);
    expect(alert.textContent).not.toContain('403');
    await waitFor(() => expect(choice('usdt').disabled).toBe(false));
    expect(choice('usdt').textContent).not.toContain('Starting conversation...');
    expect(app.currentPath()).toBe('/trade');
  });

  it('sends a visitor to sign in, coming back to where they were', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, pathname: '/chat', search: '', assign });
    stubApi({ 'GET /api/auth/user': () => json({ error: 'Unauthorized' }, 401) });
    renderChoice('/chat');
    expect(await screen.findByText('You are logged out. Logging in again...')).toBeTruthy();
    expect(assign).not.toHaveBeenCalled();
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/api/login?returnTo=%2Fchat'), {
      timeout: UNAUTHORIZED_REDIRECT_MS + 1_000,
    });
  });

  it('sends agents to their own chat list', async () => {
    stubApi({ 'GET /api/auth/user': () => json(makeUser({ isAgent: true })) });
    const app = renderChoice();
    await waitFor(() => expect(app.currentPath()).toBe('/agent/chats'));
  });
});
