// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { IMAGE_PIXELS_ERROR, type Message } from '../../../shared/api/messages';
import { ConversationView } from './conversation-view';
import { outbox } from '../../features/messages/outbox';
import { type ApiCall, json, stubApi } from '../../testing/api-stub';
import { conversationRoutes } from '../../testing/conversation-api';
import { fakeRealtime } from '../../testing/fake-realtime';
import { makeMessage } from '../../testing/fixtures';
import { renderWithApp } from '../../testing/render-app';

const UPLOAD = 'POST /api/chat-sessions/7/attachments';

function stubUploads(answer: (call: ApiCall) => Response | Promise<Response>) {
  return stubApi({ ...conversationRoutes(), [UPLOAD]: answer });
}

function storedImage(form: FormData): Message {
  return makeMessage({
    id: 300,
    messageType: 'image',
    content: String(form.get('caption')),
    clientMessageId: String(form.get('clientMessageId')),
    attachment: {
      url: '/api/attachments/300',
      thumbnailUrl: '/api/attachments/300/thumbnail',
      mime: 'image/png',
      size: 2048,
      name: 'wallet.png',
    },
  });
}

function pick(name = 'wallet.png') {
  const file = new File([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 1, 2, 3])], name, {
    type: 'image/png',
  });
  fireEvent.change(screen.getByTestId('attach-input'), { target: { files: [file] } });
  return file;
}

function uploads(calls: ApiCall[]): FormData[] {
  return calls.filter((c) => `${c.method} ${c.path}` === UPLOAD).map((c) => c.body as FormData);
}

function bubbles() {
  return screen.queryAllByTestId('message');
}

let previews = 0;
beforeEach(() => {
  fakeRealtime.reset();
  // jsdom has no object URLs; each picked file gets its own.
  URL.createObjectURL = () => `blob:preview-${++previews}`;
  URL.revokeObjectURL = () => undefined;
});

afterEach(() => {
  cleanup();
  outbox.clear();
  vi.unstubAllGlobals();
});

describe('sending an image', () => {
  it('refuses a caption over 4,000 characters with a counter, never cutting it', async () => {
    const calls = stubUploads((call) => json(storedImage(call.body as FormData), 201));
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');
    pick();
    const dialog = await screen.findByRole('dialog', { name: 'Send image' });
    const caption = within(dialog).getByLabelText('Caption (optional)') as HTMLInputElement;
    const long = '₦'.repeat(4010);
    fireEvent.change(caption, { target: { value: long } });
    // Kept whole in the box, with what to remove.
    expect(caption.value).toBe(long);
    expect(within(dialog).getByTestId('length-counter').textContent).toContain(
      'Too long to send: at most 4,000 characters. Remove 10.',
    );
    const send = within(dialog).getByRole('button', { name: 'Send image' });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    fireEvent.submit(send.closest('form')!);
    fireEvent.change(caption, { target: { value: '₦'.repeat(4000) } });
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.click(send);
    await waitFor(() => expect(uploads(calls)).toHaveLength(1));
    expect(uploads(calls)[0]!.get('caption')).toBe('₦'.repeat(4000));
  });

  it('shows the picked image and an optional caption before anything is sent', async () => {
    const calls = stubUploads((call) => json(storedImage(call.body as FormData), 201));
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');

    pick();
    const dialog = await screen.findByRole('dialog', { name: 'Send image' });
    expect(within(dialog).getByTestId('image-preview').getAttribute('src')).toMatch(/^blob:/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(uploads(calls)).toHaveLength(0);
    expect(bubbles()).toHaveLength(0);

    const file = pick();
    const again = await screen.findByRole('dialog', { name: 'Send image' });
    const caption = within(again).getByLabelText('Caption (optional)');
    expect((caption as HTMLInputElement).value).toBe('');
    fireEvent.change(caption, { target: { value: '  My wallet, 0.05 BTC  ' } });
    fireEvent.click(within(again).getByRole('button', { name: 'Send image' }));

    await waitFor(() => expect(bubbles()[0]?.dataset.state).toBe('sent'));
    expect(screen.queryByRole('dialog')).toBeNull();
    const [form] = uploads(calls);
    expect(uploads(calls)).toHaveLength(1);
    expect(form!.get('caption')).toBe('My wallet, 0.05 BTC');
    const sentFile = form!.get('file') as File;
    expect([sentFile.name, sentFile.size, sentFile.type]).toEqual([
      file.name,
      file.size,
      file.type,
    ]);
    // No text message went out beside it.
    expect(
      calls.some((c) => c.path === '/api/chat-sessions/7/messages' && c.method === 'POST'),
    ).toBe(false);
    const bubble = bubbles()[0]!;
    expect(within(bubble).getByText('My wallet, 0.05 BTC')).toBeTruthy();
    // The chat shows the thumbnail; opening it shows the full image.
    expect(within(bubble).getByTestId('message-image').getAttribute('src')).toBe(
      '/api/attachments/300/thumbnail',
    );
    fireEvent.click(within(bubble).getByRole('button', { name: 'Open screenshot full size' }));
    const viewer = await screen.findByRole('dialog', { name: 'Screenshot' });
    expect(within(viewer).getByTestId('full-image').getAttribute('src')).toBe(
      '/api/attachments/300',
    );
  });

  it('says why the server refused an image and offers no Retry that cannot work', async () => {
    const calls = stubUploads(() => json({ error: IMAGE_PIXELS_ERROR }, 413));
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');

    pick('huge.png');
    const dialog = await screen.findByRole('dialog', { name: 'Send image' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send image' }));

    await waitFor(() => expect(bubbles()[0]?.dataset.state).toBe('failed'));
    const bubble = bubbles()[0]!;
    expect(within(bubble).getByText(`Not sent: ${IMAGE_PIXELS_ERROR}`)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
    expect(uploads(calls)).toHaveLength(1);

    fireEvent.click(within(bubble).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(bubbles()).toHaveLength(0));
    expect(uploads(calls)).toHaveLength(1);
  });

  it('offers Retry when the server failed, and sends the same image with the same id', async () => {
    let attempt = 0;
    const calls = stubUploads((call) =>
      ++attempt === 1
        ? json({ error: 'Internal Server Error' }, 500)
        : json(storedImage(call.body as FormData), 201),
    );
    renderWithApp(<ConversationView sessionId={7} viewer="customer" />);
    await screen.findByTestId('welcome');

    pick();
    const dialog = await screen.findByRole('dialog', { name: 'Send image' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Send image' }));
    await waitFor(() => expect(bubbles()[0]?.dataset.state).toBe('failed'));
    expect(screen.getByText('Not sent')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    await waitFor(() => expect(bubbles()[0]?.dataset.state).toBe('sent'));
    const sent = uploads(calls);
    expect(sent).toHaveLength(2);
    expect(sent[1]!.get('clientMessageId')).toBe(sent[0]!.get('clientMessageId'));
    expect((sent[1]!.get('file') as File).name).toBe('wallet.png');
  });
});
