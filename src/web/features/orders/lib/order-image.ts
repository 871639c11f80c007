import { createContext, useContext } from 'react';
import type { Message } from '../../../../shared/api/messages';

/**
 * Sends an image into the order's chat (a deposit screenshot, a payout proof) and answers the
 * stored message, which the order step then names. The screen that shows the order passes it:
 * sending into a chat is the messages capability's, not the orders'.
 */
export type SendOrderImage = (body: {
  clientMessageId: string;
  file: File;
  caption: string;
}) => Promise<Message>;

const OrderImageContext = createContext<SendOrderImage | null>(null);

/** Gives the order's actions below the screen's way of sending an image into the chat. */
export const OrderImageProvider = OrderImageContext.Provider;

/** A card shown outside a chat's order panel has no chat to send into: its step fails, said. */
const noChat: SendOrderImage = () =>
  Promise.reject(new Error('This order is not shown in its chat: open the chat to add an image.'));

export function useSendOrderImage(): SendOrderImage {
  return useContext(OrderImageContext) ?? noChat;
}
