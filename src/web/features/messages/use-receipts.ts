import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { Message } from '../../../shared/api/messages';
import { messageKeys } from './api/keys';
import { postReceipts, useReceipts } from './api/receipts';
import type { Viewer } from './viewer';

/** Whether the page is on screen now (a hidden tab has read nothing). */
function useVisible(): boolean {
  const [visible, setVisible] = useState(() => document.visibilityState === 'visible');
  useEffect(() => {
    const update = () => setVisible(document.visibilityState === 'visible');
    document.addEventListener('visibilitychange', update);
    return () => document.removeEventListener('visibilitychange', update);
  }, []);
  return visible;
}

/**
 * The viewer's side of the read receipts: the other side's messages the client holds (from the
 * socket or a fetch) are delivered; while the page is visible, they are read. Each id is told
 * once, only forward. Returns the chat's receipts, for the ticks on the viewer's own messages.
 */
export function useReceiptReporting(
  chatSessionId: number,
  viewer: Viewer,
  messages: readonly Message[] | undefined,
) {
  const queryClient = useQueryClient();
  // Once the messages have loaded: a chat that is not the viewer's asks for nothing more.
  const receipts = useReceipts(chatSessionId, messages !== undefined);
  const visible = useVisible();
  const told = useRef({ delivered: 0, read: 0 });
  const mine = receipts.data?.[viewer === 'agent' ? 'staff' : 'customer'];

  let newest = 0;
  for (const m of messages ?? []) {
    if (m.senderRole !== viewer && m.messageType !== 'note' && m.id > newest) newest = m.id;
  }

  useEffect(() => {
    if (!mine || newest === 0) return;
    const delivered = Math.max(mine.deliveredId, told.current.delivered);
    const read = Math.max(mine.readId, told.current.read);
    const body: { deliveredId?: number; readId?: number } = {};
    if (newest > delivered) body.deliveredId = newest;
    if (visible && newest > read) body.readId = newest;
    if (body.deliveredId === undefined && body.readId === undefined) return;
    told.current = {
      delivered: Math.max(delivered, newest),
      read: body.readId ?? read,
    };
    postReceipts(chatSessionId, body).then(
      (updated) => queryClient.setQueryData(messageKeys.receipts(chatSessionId), updated),
      () => {
        // Told again with the next message or visibility change.
        told.current = { delivered: 0, read: 0 };
      },
    );
  }, [chatSessionId, mine, newest, visible, queryClient]);

  return receipts.data;
}
