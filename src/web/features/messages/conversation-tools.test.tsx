// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationView } from './conversation-view';
import { outbox } from './outbox';
import { json, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { fakeRealtime, fakeRealtimeClient } from '../../testing/fake-realtime';
import { AGENT_ID, CUSTOMER_ID, makeMessage, makeUser } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';
import { formatMessageTime } from './chat-date';

vi.mock('../../lib/realtime', async () => ({
  useRealtime: (await import('../../testing/fake-realtime')).useFakeRealtime,
  realtime: (await import('../../testing/fake-realtime')).fakeRealtimeClient,
}));

const none = { deliveredId: 0, readId: 0, readAt: null };

beforeEach(() => {
  fakeRealtime.reset();
  fakeRealtimeClient.reset();
});
afterEach(() => {
  cleanup();
  outbox.clear();
  vi.unstubAllGlobals();
});

describe('conversation tools', () => {
  it('ticks the viewer’s own messages ✓ → ✓✓ → read with the time, live', async () => {
    const calls = stubApi(
      conversationRoutes({
        messages: [
          makeMessage({ id: 1, content: 'Hello' }),
          makeMessage({ id: 2, content: 'Welcome', senderId: AGENT_ID, senderRole: 'agent' }),
        ],
      }),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByText('Hello');
    const ticks = () => screen.getAllByTestId('ticks')[0]!;
    expect(ticks().dataset.receipt).toBe('sent');
    // The customer's page holds the agent's message and is visible: delivered and read.
    await waitFor(() =>
      expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toContainEqual({
        deliveredId: 2,
        readId: 2,
      }),
    );
    const readAt = '2026-11-22T14:05:00.000Z';
    act(() =>
      fakeRealtime.emit({
        id: 50,
        type: 'receipts.updated',
        chatSessionId: 7,
        receipts: { chatSessionId: 7, customer: none, staff: { ...none, deliveredId: 1 } },
      }),
    );
    await waitFor(() => expect(ticks().dataset.receipt).toBe('delivered'));
    act(() =>
      fakeRealtime.emit({
        id: 51,
        type: 'receipts.updated',
        chatSessionId: 7,
        receipts: {
          chatSessionId: 7,
          customer: none,
          staff: { deliveredId: 1, readId: 1, readAt },
        },
      }),
    );
    await waitFor(() => expect(ticks().dataset.receipt).toBe('read'));
    expect(ticks().title).toBe(`Read ${formatMessageTime(readAt)}`);
  });

  it('shows the other side typing, expiring; tells it the viewer types, throttled', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      stubApi(conversationRoutes({ messages: [makeMessage({ id: 1, content: 'Hello' })] }));
      renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
      await screen.findByText('Hello');
      act(() =>
        fakeRealtimeClient.emitTyping({ chatSessionId: 7, from: 'customer', userId: CUSTOMER_ID }),
      );
      expect((await screen.findByTestId('typing')).textContent).toContain('is typing…');
      // Another agent typing is not the other side; another chat's typing is not this chat's.
      act(() => vi.advanceTimersByTime(5_100));
      await waitFor(() => expect(screen.queryByTestId('typing')).toBeNull());
      act(() =>
        fakeRealtimeClient.emitTyping({ chatSessionId: 7, from: 'agent', userId: AGENT_ID }),
      );
      act(() =>
        fakeRealtimeClient.emitTyping({ chatSessionId: 8, from: 'customer', userId: CUSTOMER_ID }),
      );
      expect(screen.queryByTestId('typing')).toBeNull();

      const input = screen.getByPlaceholderText('Type your message...');
      fireEvent.change(input, { target: { value: 'H' } });
      fireEvent.change(input, { target: { value: 'He' } });
      expect(fakeRealtimeClient.sentTyping).toEqual([7]);
      act(() => vi.advanceTimersByTime(2_100));
      fireEvent.change(input, { target: { value: 'Hel' } });
      expect(fakeRealtimeClient.sentTyping).toEqual([7, 7]);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an agent writes a private note: sent to /notes, shown amber with its label, no ticks', async () => {
    let sent: unknown;
    stubApi({
      ...conversationRoutes({
        user: makeUser({ id: AGENT_ID, isAgent: true }),
        viewerSide: 'staff',
      }),
      'POST /api/chat-sessions/7/notes': (call) => {
        sent = call.body;
        const body = call.body as { clientMessageId: string; content: string };
        return json(
          makeMessage({
            id: 9,
            ...body,
            messageType: 'note',
            senderId: AGENT_ID,
            senderRole: 'agent',
          }),
          201,
        );
      },
    });
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    fireEvent.click(await screen.findByRole('radio', { name: 'Private note' }));
    const input = screen.getByPlaceholderText('Private note: only agents see it...');
    fireEvent.change(input, { target: { value: 'Check the last payout' } });
    // A note is not typing the customer may hear of.
    expect(fakeRealtimeClient.sentTyping).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent).toMatchObject({ content: 'Check the last payout' }));
    const bubble = (await screen.findByText('Check the last payout')).closest('li')!;
    await waitFor(() => expect(bubble.dataset.kind).toBe('note'));
    expect(bubble.textContent).toContain('Private note');
    // Stored (no longer sending): a note carries no ticks.
    await waitFor(() => expect(bubble.querySelector('[data-testid="ticks"]')).toBeNull());
  });
});
