// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Message } from '../../../shared/api/messages';
import type { WhatsappChat } from '../../../shared/api/whatsapp';
import { ConversationView } from './conversation-view';
import { stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { AGENT_ID, makeCustomer, makeMessage, makeSession, makeUser } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';
import { formatWhatsappNumber, windowLeft } from '../../features/whatsapp';
import { formatFileSize } from '../../features/messages';

const HOUR = 60 * 60 * 1000;

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

/** A customer's PDF and voice note, as the API lists them (decision 037). */
const FILE_MESSAGES = [
  makeMessage({
    id: 4,
    content: 'My statement',
    messageType: 'document',
    attachment: {
      url: '/api/attachments/4',
      thumbnailUrl: '/api/attachments/4/thumbnail',
      mime: 'application/pdf',
      size: 50_000,
      name: 'Bank statement.pdf',
    },
  }),
  makeMessage({
    id: 5,
    content: '',
    messageType: 'audio',
    attachment: {
      url: '/api/attachments/5',
      thumbnailUrl: '/api/attachments/5/thumbnail',
      mime: 'audio/ogg',
      size: 2_400_000,
      name: 'whatsapp-audio',
    },
  }),
];

/** An agent's inbox open on a WhatsApp chat whose channel side is `chat`. */
function openWhatsappChat(chat: Partial<WhatsappChat> = {}, extra: Message[] = []) {
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
        ...extra,
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

describe("a WhatsApp customer's files in the desk", () => {
  it('shows a PDF as a download link with its name and size, and audio as a player', async () => {
    openWhatsappChat({}, FILE_MESSAGES);
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const link = (await screen.findByTestId('message-document')) as HTMLAnchorElement;
    expect(link.getAttribute('href')).toBe('/api/attachments/4');
    expect(link.getAttribute('download')).toBe('Bank statement.pdf');
    expect(link.textContent).toBe('Bank statement.pdfPDF · 48.8 KBDownload');
    const bubble = link.closest('[data-testid="message"]') as HTMLElement;
    expect(bubble.dataset.kind).toBe('document');
    expect(within(bubble).getByTestId('message-text').textContent).toBe('My statement');
    // No image is drawn for a file.
    expect(within(bubble).queryByRole('img')).toBeNull();
    const audio = screen.getByTestId('message-audio') as HTMLAudioElement;
    expect(audio.getAttribute('src')).toBe('/api/attachments/5');
    expect(audio.controls).toBe(true);
    expect(audio.getAttribute('aria-label')).toBe('Audio message, 2.3 MB');
    expect((audio.closest('[data-testid="message"]') as HTMLElement).dataset.kind).toBe('audio');
  });
});

describe('file sizes in words', () => {
  it('counts bytes, kilobytes and megabytes', () => {
    expect(formatFileSize(820)).toBe('820 B');
    expect(formatFileSize(50_000)).toBe('48.8 KB');
    expect(formatFileSize(10 * 1024 * 1024)).toBe('10.0 MB');
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
