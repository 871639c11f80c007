// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/api/messages';
import { ConversationView } from './conversation-view';
import { outbox, UNSENT_KEY_PREFIX } from '../../features/messages/outbox';
import { type ApiCall, json, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import { AGENT_ID, deferred, makeMessage, makeSession, makeUser } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';

const XSS = '<img src=x onerror=alert(1)>';

interface SendBody {
  clientMessageId: string;
  content: string;
}

/** The API with a conversation holding `messages`; `send` answers the POSTs. */
function stubConversation(
  messages: Message[],
  send: (call: ApiCall) => Response | Promise<Response> = () => json({}, 500),
) {
  return stubApi({
    ...conversationRoutes({ messages }),
    'POST /api/chat-sessions/7/messages': send,
  });
}

function stored(body: SendBody, id = 100): Message {
  return makeMessage({ id, content: body.content, clientMessageId: body.clientMessageId });
}

function bubbles() {
  return screen.queryAllByTestId('message');
}

function typeAndSend(text: string) {
  const input = screen.getByPlaceholderText('Type your message...');
  fireEvent.change(input, { target: { value: text } });
  fireEvent.keyDown(input, { key: 'Enter' });
}

beforeEach(() => {
  fakeRealtime.reset();
});

afterEach(() => {
  cleanup();
  outbox.clear();
  vi.unstubAllGlobals();
});

describe('ConversationView', () => {
  it('renders message text as text, never as HTML', async () => {
    stubConversation([makeMessage({ id: 1, content: XSS })]);
    const { container } = renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    const text = await screen.findByText(XSS);
    expect(text.textContent).toBe(XSS);
    expect(container.querySelector('img')).toBeNull();
    expect(container.innerHTML).not.toContain('<img');
  });

  it('makes web links in messages clickable, safely, and nothing else', async () => {
    stubConversation([
      makeMessage({
        id: 1,
        content: 'Pay here: https://pay.example.ng/i/42. Not javascript:alert(1)',
      }),
    ]);
    const { container } = renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    const link = await screen.findByRole('link', { name: 'https://pay.example.ng/i/42' });
    expect(link.getAttribute('href')).toBe('https://pay.example.ng/i/42');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    const text = screen.getByTestId('message-text');
    expect(within(text).getAllByRole('link')).toHaveLength(1);
    expect(text.textContent).toContain('. Not javascript:alert(1)');
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('shows the agent, the specialty and the category for the customer; own bubbles on the right', async () => {
    stubConversation([
      makeMessage({ id: 1, content: 'Hello' }),
      makeMessage({ id: 2, content: 'Hi, how much?', senderId: AGENT_ID, senderRole: 'agent' }),
    ]);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    expect(await screen.findByRole('heading', { name: 'Bitcoin desk' })).toBeTruthy();
    // The desk's real status replaces the specialty once it is known (ADR 018).
    await waitFor(() =>
      expect(screen.getByTestId('desk-status').textContent).toContain(
        'Bitcoin desk online · typically replies in 3 min',
      ),
    );
    expect(screen.getByTestId('category-badge').textContent).toBe('bitcoin');
    expect(screen.getByTestId('category-badge').className).toContain('uppercase');
    await screen.findByText('Hello');
    expect(bubbles().map((b) => b.dataset.side)).toEqual(['own', 'other']);
    expect(bubbles()[0]!.dataset.state).toBe('sent');
    expect(screen.getByRole('link', { name: 'Back to chat options' }).getAttribute('href')).toBe(
      '/chat',
    );
  });

  it('shows an agent the customer, their status, and the way back to the chat list', async () => {
    stubConversation([makeMessage({ id: 1, content: 'Hello' })]);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    expect(await screen.findByRole('heading', { name: 'Ada Obi' })).toBeTruthy();
    expect(screen.getByTestId('customer-status').textContent).toBe('Active');
    await screen.findByText('Hello');
    expect(bubbles()[0]!.dataset.side).toBe('other');
    expect(screen.getByRole('link', { name: 'Back to chats' }).getAttribute('href')).toBe(
      '/agent/chats',
    );
  });

  it('welcomes the customer when the conversation is empty', async () => {
    stubConversation([]);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    expect((await screen.findByTestId('welcome')).textContent).toContain(
      'Welcome to Bitcoin Trading',
    );
  });

  it('disables send while the text is blank or a message is being sent; Shift+Enter does not send', async () => {
    const answer = deferred<Response>();
    const calls = stubConversation([], () => answer.promise);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    const input = screen.getByPlaceholderText('Type your message...');
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: '   ' } });
    expect(send.disabled).toBe(true);
    fireEvent.change(input, { target: { value: 'line one' } });
    fireEvent.keyDown(input, { key: 'Enter', shiftKey: true });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(send.disabled).toBe(false);

    fireEvent.click(send);
    await waitFor(() => expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1));
    fireEvent.change(input, { target: { value: 'second' } });
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(1);

    const body = calls.find((c) => c.method === 'POST')!.body as SendBody;
    expect(body.content).toBe('line one');
    await act(async () => answer.resolve(json(stored(body), 201)));
    await waitFor(() => expect(send.disabled).toBe(false));
  });

  it('shows an optimistic bubble as sending, then sent, trimmed', async () => {
    const answer = deferred<Response>();
    const calls = stubConversation([], () => answer.promise);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');

    typeAndSend('  I want to sell 0.5 BTC  ');
    const bubble = await screen.findByText('I want to sell 0.5 BTC');
    expect(bubbles()).toHaveLength(1);
    expect(bubbles()[0]!.dataset.state).toBe('sending');
    expect(within(bubbles()[0]!).getByText('Sending')).toBeTruthy();
    expect((screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement).value).toBe(
      '',
    );

    const body = calls.find((c) => c.method === 'POST')!.body as SendBody;
    expect(body.content).toBe('I want to sell 0.5 BTC');
    expect(body.clientMessageId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await act(async () => answer.resolve(json(stored(body), 201)));
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('sent'));
    expect(bubbles()).toHaveLength(1);
    expect(bubble.isConnected || screen.getByText('I want to sell 0.5 BTC')).toBeTruthy();
  });

  it('marks a failed send and retries it with the same clientMessageId, never duplicating', async () => {
    let attempt = 0;
    const calls = stubConversation([], (call) => {
      attempt++;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      // The first attempt had in fact reached the server: the retry gets the stored one (200).
      return json(stored(call.body as SendBody), 200);
    });
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');

    typeAndSend('Rate please');
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('failed'));
    expect(screen.getByText('Not sent')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('sent'));
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as SendBody);
    expect(posts).toHaveLength(2);
    expect(posts[1]!.clientMessageId).toBe(posts[0]!.clientMessageId);
    expect(bubbles()).toHaveLength(1);
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });

  it('keeps a message that was not sent until it is discarded, here and in storage', async () => {
    stubConversation([], () => {
      throw new TypeError('Failed to fetch');
    });
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');
    typeAndSend('Keep me');
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('failed'));
    // A reload would find it (the outbox's own tests reload it).
    expect(localStorage.getItem(`${UNSENT_KEY_PREFIX}7`)).toContain('Keep me');

    fireEvent.click(screen.getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(bubbles()).toHaveLength(0));
    expect(localStorage.getItem(`${UNSENT_KEY_PREFIX}7`)).toBeNull();
  });

  it('lets go of a kept unsent text that had reached the server after all', async () => {
    const arrived = makeMessage({ id: 3, content: 'Sent before the reload' });
    // What a reload brought back "Not sent": the page went before the answer came.
    outbox.put({
      clientMessageId: arrived.clientMessageId,
      chatSessionId: 7,
      kind: 'text',
      content: arrived.content,
      status: 'failed',
      failure: 'network',
      createdAt: arrived.createdAt,
    });
    expect(localStorage.getItem(`${UNSENT_KEY_PREFIX}7`)).not.toBeNull();
    // Sent again once online, with its id: the server answers with the one it already has.
    const calls = stubConversation([arrived], () => json(arrived, 200));
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByText('Sent before the reload');
    await waitFor(() => expect(localStorage.getItem(`${UNSENT_KEY_PREFIX}7`)).toBeNull());
    expect(bubbles().map((b) => b.dataset.state)).toEqual(['sent']);
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as SendBody);
    expect(posts.map((p) => p.clientMessageId)).toEqual([arrived.clientMessageId]);
  });

  it('counts near 4,000 characters and refuses more with a message, never cutting', async () => {
    const calls = stubConversation([]);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');
    const input = screen.getByPlaceholderText('Type your message...') as HTMLTextAreaElement;
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;

    fireEvent.change(input, { target: { value: 'a'.repeat(3499) } });
    expect(screen.queryByTestId('length-counter')).toBeNull();
    fireEvent.change(input, { target: { value: 'a'.repeat(3612) } });
    expect(screen.getByTestId('length-counter').textContent).toBe('3,612 / 4,000');
    expect(send.disabled).toBe(false);

    // A paste past the limit stays whole: the box says why it cannot go, and it does not.
    fireEvent.change(input, { target: { value: 'b'.repeat(4010) } });
    expect(input.value).toHaveLength(4010);
    expect(input.hasAttribute('maxlength')).toBe(false);
    expect(screen.getByTestId('length-counter').textContent).toBe(
      'Too long to send: at most 4,000 characters. Remove 10. 4,010 / 4,000',
    );
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);
    expect(input.value).toHaveLength(4010);
  });

  it('sends what failed for want of a network again once the connection is back', async () => {
    let attempt = 0;
    const calls = stubConversation([], (call) => {
      attempt++;
      if (attempt === 1) throw new TypeError('Failed to fetch');
      return json(stored(call.body as SendBody), 201);
    });
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');
    act(() => fakeRealtime.setState('reconnecting'));
    expect(screen.getByText('Reconnecting...')).toBeTruthy();

    typeAndSend('Sent while offline');
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('failed'));
    act(() => fakeRealtime.setState('online'));
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('sent'));
    expect(screen.queryByText('Reconnecting...')).toBeNull();
    const posts = calls.filter((c) => c.method === 'POST').map((c) => c.body as SendBody);
    expect(posts.map((p) => p.clientMessageId)).toEqual([
      posts[0]!.clientMessageId,
      posts[0]!.clientMessageId,
    ]);
  });

  it('replaces the optimistic bubble when its message arrives live before the answer', async () => {
    const answer = deferred<Response>();
    const calls = stubConversation([], () => answer.promise);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');

    typeAndSend('Hello there');
    await waitFor(() => expect(calls.some((c) => c.method === 'POST')).toBe(true));
    const body = calls.find((c) => c.method === 'POST')!.body as SendBody;
    const message = stored(body, 55);
    act(() => fakeRealtime.emit({ id: 900, type: 'message.created', chatSessionId: 7, message }));
    await waitFor(() => expect(bubbles()[0]!.dataset.state).toBe('sent'));
    expect(bubbles()).toHaveLength(1);

    await act(async () => answer.resolve(json(message, 201)));
    // The same event again (a replay after a reconnect) changes nothing either.
    act(() => fakeRealtime.emit({ id: 901, type: 'message.created', chatSessionId: 7, message }));
    expect(bubbles()).toHaveLength(1);
    expect(screen.getAllByText('Hello there')).toHaveLength(1);
  });

  it("adds the other side's live messages in order, once, and announces them", async () => {
    stubConversation([makeMessage({ id: 1, content: 'Hello' })]);
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByText('Hello');
    const reply = makeMessage({
      id: 3,
      content: 'Our rate is ₦1,550/USD',
      senderId: AGENT_ID,
      senderRole: 'agent',
    });
    const earlier = makeMessage({
      id: 2,
      content: 'One moment',
      senderId: AGENT_ID,
      senderRole: 'agent',
    });
    const elsewhere = makeMessage({ id: 4, chatSessionId: 8, content: 'Other chat' });
    act(() => {
      fakeRealtime.emit({ id: 11, type: 'message.created', chatSessionId: 7, message: reply });
      fakeRealtime.emit({ id: 12, type: 'message.created', chatSessionId: 8, message: elsewhere });
      fakeRealtime.emit({ id: 13, type: 'message.created', chatSessionId: 7, message: earlier });
      fakeRealtime.emit({ id: 14, type: 'message.created', chatSessionId: 7, message: reply });
    });
    await screen.findByText('Our rate is ₦1,550/USD');
    expect(screen.getAllByTestId('message').map((b) => b.textContent)).toEqual([
      expect.stringContaining('Hello'),
      expect.stringContaining('One moment'),
      expect.stringContaining('Our rate is ₦1,550/USD'),
    ]);
    expect(screen.queryByText('Other chat')).toBeNull();
    await waitFor(() =>
      expect(screen.getByTestId('announcer').textContent).toBe(
        'New message from Bitcoin desk: Our rate is ₦1,550/USD',
      ),
    );
  });

  it("shows a change of the customer's status live to an agent", async () => {
    stubConversation([]);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    expect((await screen.findByTestId('customer-status')).textContent).toBe('Active');
    const customer = { ...makeSession().customer, customerStatus: 'paid' as const };
    act(() => fakeRealtime.emit({ id: 20, type: 'customer.updated', customer }));
    await waitFor(() => expect(screen.getByTestId('customer-status').textContent).toBe('Paid'));
  });

  it('tells a banned customer how to contact support, in place of the input', async () => {
    stubApi(conversationRoutes({ user: makeUser({ customerStatus: 'banned' }) }));
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    const note = await screen.findByTestId('restricted-note');
    expect(note.textContent).toBe(
      'Your account is restricted. Contact support: WhatsApp +2348012345678',
    );
    expect(within(note).getByRole('link').getAttribute('href')).toBe('https://wa.me/2348012345678');
    expect(screen.queryByPlaceholderText('Type your message...')).toBeNull();
  });

  it("says so when the chat does not exist or is not the viewer's", async () => {
    stubApi({
      'GET /api/auth/user': () => json(makeUser()),
      'GET /api/chat-sessions/7': () => json({ error: 'Chat session not found' }, 404),
      'GET /api/chat-sessions/7/messages': () => json({ error: 'Chat session not found' }, 404),
    });
    const { container } = renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    expect(await screen.findByRole('heading', { name: 'Chat not found' })).toBeTruthy();
    // The header stops promising a chat: no loading placeholders, only the way back.
    const header = container.querySelector('header')!;
    expect(header.querySelectorAll('.animate-pulse')).toHaveLength(0);
    expect(within(header).getByRole('link', { name: 'Back to chat options' })).toBeTruthy();
  });
});
