// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhatsappChat } from '../../../shared/api/whatsapp';
import { ConversationView } from './conversation-view';
import { stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { AGENT_ID, makeCustomer, makeMessage, makeSession, makeUser } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';
import { formatWhatsappNumber, windowLeft } from '../../features/whatsapp';

const HOUR = 60 * 60 * 1000;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** An agent's inbox open on a WhatsApp chat whose channel side is `chat`. */
function openWhatsappChat(chat: Partial<WhatsappChat> = {}) {
  const session = makeSession({
    customer: makeCustomer({ email: null, whatsappNumber: '2348031112222' }),
  });
  return stubApi({
    ...conversationRoutes({
      user: makeUser({ id: AGENT_ID, isAgent: true, firstName: 'Ada' }),
      session,
      viewerSide: 'staff',
      messages: [
        makeMessage({ id: 1, content: 'Hello, I want to sell Bitcoin.' }),
        makeMessage({
          id: 2,
          content: 'Our rate is ₦150m',
          senderId: AGENT_ID,
          senderRole: 'agent',
        }),
        makeMessage({ id: 3, content: 'Your account?', senderId: AGENT_ID, senderRole: 'agent' }),
      ],
    }),
    'GET /api/channels/whatsapp/chats/7': {
      body: {
        waId: '2348031112222',
        windowEndsAt: new Date(Date.now() + 3 * HOUR + 30 * 60_000).toISOString(),
        canReengage: true,
        deliveries: [
          { messageId: 2, tick: 'read', errorTitle: null },
          { messageId: 3, tick: 'failed', errorTitle: '(#131026) Message Undeliverable' },
        ],
        ...chat,
      } satisfies WhatsappChat,
    },
    'POST /api/channels/whatsapp/messages/:id/retry': { status: 204 },
    'POST /api/channels/whatsapp/chats/:id/reengage': { status: 204 },
  });
}

describe('a WhatsApp chat in the inbox', () => {
  it("shows the number, WhatsApp's ticks, the time left, and Meta's error with a Retry", async () => {
    const calls = openWhatsappChat();
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const badge = await screen.findByTestId('whatsapp-badge');
    expect(badge.textContent).toBe('WhatsApp +234 803 111 2222');
    expect((await screen.findByTestId('whatsapp-window')).textContent).toMatch(
      /^WhatsApp: 3 h (29|30) min left to reply$/,
    );
    const ticks = await screen.findAllByTestId('ticks');
    expect(ticks.map((t) => t.dataset.receipt)).toEqual(['read', 'failed']);
    const failure = screen.getByTestId('whatsapp-failure');
    expect(failure.textContent).toContain(
      'Not delivered on WhatsApp: (#131026) Message Undeliverable',
    );
    fireEvent.click(within(failure).getByRole('button', { name: 'Retry' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/channels/whatsapp/messages/3/retry')).toBe(true),
    );
    // The composer is there while the window is open.
    expect(screen.getByPlaceholderText('Type your message...')).toBeTruthy();
  });

  it('after the 24-hour window, offers the re-engagement template in place of the composer', async () => {
    const calls = openWhatsappChat({ windowEndsAt: new Date(Date.now() - HOUR).toISOString() });
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const note = await screen.findByTestId('whatsapp-window');
    expect(note.textContent).toContain(
      "The customer's 24-hour WhatsApp window has closed: only the re-engagement template can be sent.",
    );
    expect(screen.queryByPlaceholderText('Type your message...')).toBeNull();
    fireEvent.click(within(note).getByRole('button', { name: 'Send the template' }));
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/channels/whatsapp/chats/7/reengage')).toBe(true),
    );
    expect(await within(note).findByRole('button', { name: 'Template sent' })).toBeTruthy();
  });
});

describe('the window and the number in words', () => {
  it('counts hours and minutes down to nothing', () => {
    const now = new Date('2026-11-29T10:00:00Z');
    expect(windowLeft('2026-11-29T13:05:30Z', now)).toBe('3 h 5 min left');
    expect(windowLeft('2026-11-29T10:45:00Z', now)).toBe('45 min left');
    expect(windowLeft('2026-11-29T09:59:00Z', now)).toBeNull();
    expect(windowLeft(null, now)).toBeNull();
  });

  it('groups a Nigerian number and prefixes any other with +', () => {
    expect(formatWhatsappNumber('2348031112222')).toBe('+234 803 111 2222');
    expect(formatWhatsappNumber('447700900123')).toBe('+447700900123');
  });
});
