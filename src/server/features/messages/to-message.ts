import { attachmentUrls, type Message } from '../../../shared/api/messages';
import { iso } from '../../db/raw';
import type { AttachmentMeta, ImageSeenBefore } from '../../db/schema';

export interface MessageRow {
  id: number | string;
  chatSessionId: number;
  senderId: string;
  content: string;
  messageType: Message['messageType'];
  attachment: AttachmentMeta | null;
  clientMessageId: string;
  imageSeenBefore?: ImageSeenBefore | null;
  createdAt: Date | string;
}

/**
 * A stored message as the API sends it. `forStaff`: the reader is an agent or admin, who alone
 * sees whether an image was seen before.
 */
export function toMessage(row: MessageRow, customerId: string, forStaff: boolean): Message {
  const id = Number(row.id);
  return {
    id,
    chatSessionId: row.chatSessionId,
    senderId: row.senderId,
    senderRole: row.senderId === customerId ? 'customer' : 'agent',
    content: row.content,
    messageType: row.messageType,
    attachment: row.attachment
      ? {
          ...attachmentUrls(id),
          mime: row.attachment.mime,
          size: row.attachment.size,
          name: row.attachment.originalName,
        }
      : null,
    clientMessageId: row.clientMessageId,
    createdAt: iso(row.createdAt),
    ...(forStaff && row.imageSeenBefore ? { imageSeenBefore: row.imageSeenBefore } : {}),
  };
}
