// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ImageSeenBefore, Message } from '../../../shared/api/messages';
import { formatDateTime } from '../../lib/format';
import { json, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import { makeAgent, makeMessage } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';
import { ConversationView } from './conversation-view';
import { outbox } from '../../features/messages/outbox';
import { ImageSeenBeforeNote } from '../../features/messages/components/image-seen-before-note';

const SEEN: ImageSeenBefore = {
  messageId: 812,
  chatSessionId: 41,
  seenAt: '2026-11-12T14:02:11.000Z',
  kind: 'same_receipt',
  reference: '000013261112143209887766554433',
  orderReference: 'AC-7Q2M9K',
};

const ALIKE: ImageSeenBefore = { ...SEEN, kind: 'looks_alike', reference: null };

function image(id: number, overrides: Partial<Message> = {}): Message {
  return makeMessage({
    id,
    messageType: 'image',
    content: '',
    attachment: {
      url: `/api/attachments/${id}`,
      thumbnailUrl: `/api/attachments/${id}/thumbnail`,
      mime: 'image/png',
      size: 1234,
      name: 'proof.png',
    },
    ...overrides,
  });
}

const notes = () => screen.queryAllByTestId('image-seen-before');

beforeEach(() => fakeRealtime.reset());

afterEach(() => {
  cleanup();
  outbox.clear();
  vi.unstubAllGlobals();
});

describe('ImageSeenBeforeNote', () => {
  it('names the same receipt by its order and reference, the chat linked, and the date', () => {
    renderWithApp(<ImageSeenBeforeNote seen={SEEN} image={null} />);
    const note = screen.getByTestId('image-seen-before');
    expect(note.textContent).toBe(
      `Same receipt as order AC-7Q2M9K (reference 000013261112143209887766554433), sent ${formatDateTime(SEEN.seenAt)} in chat #41`,
    );
    expect(screen.getByRole('link', { name: 'chat #41' }).getAttribute('href')).toBe('/chat/41');
    expect(note.querySelector('time')?.getAttribute('datetime')).toBe(SEEN.seenAt);
    // The same reference needs no pictures side by side.
    expect(screen.queryByTestId('image-seen-before-sides')).toBeNull();
  });

  it('shows a look-alike beside the earlier image, each opening its full size', () => {
    renderWithApp(
      <ImageSeenBeforeNote
        seen={ALIKE}
        image={{ thumbnail: '/api/attachments/9/thumbnail', full: '/api/attachments/9' }}
      />,
    );
    expect(screen.getByTestId('image-seen-before-text').textContent).toBe(
      'Looks like the image on order AC-7Q2M9K',
    );
    const earlier = screen.getByRole('img', { name: 'Earlier' });
    const mine = screen.getByRole('img', { name: 'This one' });
    expect(earlier.getAttribute('src')).toBe('/api/attachments/812/thumbnail');
    expect(mine.getAttribute('src')).toBe('/api/attachments/9/thumbnail');
    expect(earlier.closest('a')?.getAttribute('href')).toBe('/api/attachments/812');
    expect(mine.closest('a')?.getAttribute('href')).toBe('/api/attachments/9');
  });
});

describe("the agent's chat", () => {
  it('shows the note under the image seen before, and under no other message', async () => {
    stubApi(
      conversationRoutes({
        user: makeAgent(),
        messages: [image(1), image(2, { imageSeenBefore: SEEN }), makeMessage({ id: 3 })],
      }),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    await waitFor(() => expect(notes()).toHaveLength(1));
    const bubbles = screen.getAllByTestId('message');
    expect(bubbles[1]!.contains(notes()[0]!)).toBe(true);
  });

  it('marks an image live when the staff event arrives after it, without a reload', async () => {
    const calls = stubApi(
      conversationRoutes({ user: makeAgent(), messages: [makeMessage({ id: 1 })] }),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    await screen.findByText('message 1');
    act(() =>
      fakeRealtime.emit({ id: 50, type: 'message.created', chatSessionId: 7, message: image(9) }),
    );
    await waitFor(() => expect(screen.getAllByTestId('message')).toHaveLength(2));
    expect(notes()).toHaveLength(0);
    const reads = calls.filter((c) => c.method === 'GET' && c.path.includes('/messages')).length;
    act(() =>
      fakeRealtime.emit({
        id: 51,
        type: 'message.image_seen_before',
        chatSessionId: 7,
        messageId: 9,
        imageSeenBefore: SEEN,
      }),
    );
    await waitFor(() => expect(notes()).toHaveLength(1));
    expect(notes()[0]!.textContent).toContain('Same receipt as order AC-7Q2M9K');
    // Marked from the event itself: no fetch was needed.
    expect(calls.filter((c) => c.method === 'GET' && c.path.includes('/messages'))).toHaveLength(
      reads,
    );
  });

  it('marks an image whose staff event comes before the message itself (the chat is read again)', async () => {
    let stored = [makeMessage({ id: 1 })];
    stubApi({
      ...conversationRoutes({ user: makeAgent() }),
      'GET /api/chat-sessions/7/messages': () => json({ items: stored, nextCursor: null }),
    });
    renderWithApp(<ConversationView sessionId={7} viewer="agent" />);
    await screen.findByText('message 1');
    stored = [...stored, image(9, { imageSeenBefore: SEEN })];
    act(() =>
      fakeRealtime.emit({
        id: 51,
        type: 'message.image_seen_before',
        chatSessionId: 7,
        messageId: 9,
        imageSeenBefore: SEEN,
      }),
    );
    act(() =>
      fakeRealtime.emit({ id: 52, type: 'message.created', chatSessionId: 7, message: image(9) }),
    );
    await waitFor(() => expect(notes()).toHaveLength(1));
    expect(screen.getAllByTestId('message')).toHaveLength(2);
  });
});
