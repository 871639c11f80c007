// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ConversationView } from './conversation-view';
import { outbox } from '../../features/messages/outbox';
import { json, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import {
  AGENT_ID,
  AT,
  CUSTOMER_ID,
  MANAGED_RATES,
  makeMessage,
  makeOrder,
  makeUser,
} from '../../testing/fixtures';
import type { CannedReply } from '../../../shared/api/canned-replies';
import { renderWithApp } from '../../testing/render-app';
import { cannedRepliesApi } from '../../testing/canned-replies-api';
import { CannedRepliesSection } from '../../features/canned-replies';
import { formatMessageTime } from '../../features/messages/chat-date';

const none = { deliveredId: 0, readId: 0, readAt: null };

beforeEach(() => {
  fakeRealtime.reset();
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
      const { unmount } = renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
      await screen.findByText('Hello');
      // The open conversation watches its chat: the server sends typing for watched chats only.
      expect(fakeRealtime.watching()).toEqual([7]);
      act(() =>
        fakeRealtime.emitTyping({ chatSessionId: 7, from: 'customer', userId: CUSTOMER_ID }),
      );
      expect((await screen.findByTestId('typing')).textContent).toContain('is typing…');
      // Another agent typing is not the other side; another chat's typing is not this chat's.
      act(() => vi.advanceTimersByTime(5_100));
      await waitFor(() => expect(screen.queryByTestId('typing')).toBeNull());
      act(() => fakeRealtime.emitTyping({ chatSessionId: 7, from: 'agent', userId: AGENT_ID }));
      act(() =>
        fakeRealtime.emitTyping({ chatSessionId: 8, from: 'customer', userId: CUSTOMER_ID }),
      );
      expect(screen.queryByTestId('typing')).toBeNull();

      const input = screen.getByPlaceholderText('Type your message...');
      fireEvent.change(input, { target: { value: 'H' } });
      fireEvent.change(input, { target: { value: 'He' } });
      expect(fakeRealtime.sentTyping).toEqual([7]);
      act(() => vi.advanceTimersByTime(2_100));
      fireEvent.change(input, { target: { value: 'Hel' } });
      expect(fakeRealtime.sentTyping).toEqual([7, 7]);
      unmount();
      expect(fakeRealtime.watching()).toEqual([]);
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
    // Notes are text only: no image that would reach the customer.
    expect(screen.queryByRole('button', { name: 'Attach a screenshot' })).toBeNull();
    fireEvent.change(input, { target: { value: 'Check the last payout' } });
    // A note is not typing the customer may hear of.
    expect(fakeRealtime.sentTyping).toEqual([]);
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(sent).toMatchObject({ content: 'Check the last payout' }));
    const bubble = (await screen.findByText('Check the last payout')).closest('li')!;
    await waitFor(() => expect(bubble.dataset.kind).toBe('note'));
    expect(bubble.textContent).toContain('Private note');
    // Stored (no longer sending): a note carries no ticks.
    await waitFor(() => expect(bubble.querySelector('[data-testid="ticks"]')).toBeNull());
  });

  it('the / picker searches canned replies, moves with the arrows, inserts with Enter, variables filled', async () => {
    const replies: CannedReply[] = [
      {
        id: 1,
        scope: 'team',
        shortcut: 'welcome',
        content: 'Hi {customer.firstName}, we buy at {rate.bitcoin.sell}. {unknown.thing}',
        updatedAt: AT,
      },
      {
        id: 2,
        scope: 'personal',
        shortcut: 'address',
        content: 'Send it to {order.depositAddress}',
        updatedAt: AT,
      },
      { id: 3, scope: 'team', shortcut: 'usdt', content: 'USDT: {rate.usdt.sell}', updatedAt: AT },
    ];
    stubApi(
      conversationRoutes({
        user: makeUser({ id: AGENT_ID, isAgent: true }),
        viewerSide: 'staff',
        cannedReplies: replies,
        rates: MANAGED_RATES,
        orders: [makeOrder({ id: 4 })],
      }),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const input = await screen.findByPlaceholderText('Type your message...');
    fireEvent.change(input, { target: { value: '/' } });
    const options = async () =>
      (await screen.findAllByRole('option')).map((o) => o.textContent ?? '');
    expect(await options()).toHaveLength(3);
    // Search: the shortcut or the text.
    fireEvent.change(input, { target: { value: '/addr' } });
    await waitFor(async () => expect(await options()).toHaveLength(1));
    fireEvent.change(input, { target: { value: '/' } });
    await waitFor(async () => expect(await options()).toHaveLength(3));
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    await waitFor(() =>
      expect(screen.getAllByRole('option')[1]!.getAttribute('aria-selected')).toBe('true'),
    );
    expect(input.getAttribute('aria-activedescendant')).toBe(screen.getAllByRole('option')[1]!.id);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowUp' });
    fireEvent.keyDown(input, { key: 'Enter' });
    // The second row: address.
    await waitFor(() =>
      expect((input as HTMLTextAreaElement).value).toBe(
        'Send it to bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq',
      ),
    );
    expect(screen.queryByRole('listbox')).toBeNull();

    fireEvent.change(input, { target: { value: '/wel' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Enter' });
    // The rate in naira per coin, with the product's formatter; an unknown variable stays.
    await waitFor(() =>
      expect((input as HTMLTextAreaElement).value).toBe(
        'Hi Ada, we buy at ₦157,254,058.50 per BTC. {unknown.thing}',
      ),
    );

    // Esc closes the picker and keeps the text.
    fireEvent.change(input, { target: { value: '/us' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('listbox')).toBeNull());
    expect((input as HTMLTextAreaElement).value).toBe('/us');
  });
  it('a canned reply says the unit once, and one with a variable this chat has no value for is not sent', async () => {
    const replies: CannedReply[] = [
      {
        id: 1,
        scope: 'team',
        shortcut: 'rate',
        content: 'We buy at {rate.bitcoin.sell} per BTC today',
        updatedAt: AT,
      },
      {
        id: 2,
        scope: 'team',
        shortcut: 'address',
        content: 'Send to {order.depositAddress}',
        updatedAt: AT,
      },
    ];
    const calls = stubApi(
      conversationRoutes({
        user: makeUser({ id: AGENT_ID, isAgent: true }),
        viewerSide: 'staff',
        cannedReplies: replies,
        rates: MANAGED_RATES,
        orders: [],
      }),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    const input = (await screen.findByPlaceholderText(
      'Type your message...',
    )) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '/rate' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect(input.value).toBe('We buy at ₦157,254,058.50 per BTC today'));

    fireEvent.change(input, { target: { value: '/address' } });
    await screen.findByRole('listbox');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() =>
      expect(input.value).toBe('Send to [no open order: no deposit address yet]'),
    );
    expect(screen.getByTestId('unfilled-variables').textContent).toContain(
      '[no open order: no deposit address yet]',
    );
    const send = screen.getByRole('button', { name: 'Send message' }) as HTMLButtonElement;
    expect(send.disabled).toBe(true);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(input.value).toBe('Send to [no open order: no deposit address yet]');
    expect(
      calls.some((c) => c.method === 'POST' && c.path === '/api/chat-sessions/7/messages'),
    ).toBe(false);
    // Written over by hand, it goes.
    fireEvent.change(input, { target: { value: 'Send to bc1qexample' } });
    expect(screen.queryByTestId('unfilled-variables')).toBeNull();
    expect(send.disabled).toBe(false);
  });

  it('the / picker shows a personal reply as soon as the agent writes it, and links to My replies', async () => {
    const api = cannedRepliesApi([
      { id: 1, scope: 'team', shortcut: 'welcome', content: 'Welcome', updatedAt: AT },
    ]);
    stubApi({
      ...conversationRoutes({
        user: makeUser({ id: AGENT_ID, isAgent: true }),
        viewerSide: 'staff',
      }),
      ...api.routes,
    });
    // The dashboard's My replies and a chat, sharing the app's data (as moving between them does).
    renderWithApp(
      <>
        <CannedRepliesSection scope="personal" />
        <ConversationView sessionId={7} viewer="agent" />
      </>,
    );
    const input = await screen.findByPlaceholderText('Type your message...');
    fireEvent.change(input, { target: { value: '/' } });
    await waitFor(() => expect(screen.getAllByRole('option')).toHaveLength(1));
    const manage = screen.getByRole('link', { name: 'Manage my replies' });
    expect(manage.getAttribute('href')).toBe('/agent/dashboard#my-replies');
    fireEvent.change(input, { target: { value: '' } });

    const form = screen.getByRole('form', { name: 'New reply' });
    fireEvent.change(within(form).getByLabelText('Shortcut'), { target: { value: 'thanks' } });
    fireEvent.change(within(form).getByLabelText('Reply'), {
      target: { value: 'Thank you, {customer.firstName}!' },
    });
    fireEvent.click(within(form).getByRole('button', { name: 'Add reply' }));
    await screen.findByText('/thanks');

    fireEvent.change(input, { target: { value: '/than' } });
    const option = await screen.findByRole('option', { name: /\/thanks/ });
    expect(option.textContent).toContain('Mine');
    fireEvent.keyDown(input, { key: 'Enter' });
    await waitFor(() => expect((input as HTMLTextAreaElement).value).toBe('Thank you, Ada!'));
  });
});
