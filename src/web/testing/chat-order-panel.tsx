import type { ComponentProps } from 'react';
import { useSendImage } from '../features/messages';
import { OrderPanel } from '../features/orders';

/** The order panel as the conversation screen shows it: its images go into the chat. */
export function ChatOrderPanel(props: Omit<ComponentProps<typeof OrderPanel>, 'sendImage'>) {
  const sendImage = useSendImage(props.chatSessionId);
  return <OrderPanel {...props} sendImage={sendImage} />;
}
