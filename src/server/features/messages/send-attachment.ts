import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import { receiveUpload, removeUpload } from './attachments';
import { sendMessage, type SendResult } from './send-message';

/**
 * A screenshot, with its caption, as a message: stored once per client message id. The file is
 * removed again when the message is refused or was a retry of one already stored.
 */
export async function sendAttachment(options: {
  request: FastifyRequest;
  db: Db;
  events: EventLog;
  caller: SessionUser;
  chatSessionId: number;
  uploadDir: string;
}): Promise<SendResult> {
  const { db, events, caller, chatSessionId, uploadDir } = options;
  const { attachment, caption, clientMessageId } = await receiveUpload(options);
  try {
    const sent = await sendMessage({
      db,
      events,
      caller,
      chatSessionId,
      clientMessageId,
      content: caption,
      attachment,
    });
    if (!sent.created) await removeUpload(uploadDir, attachment);
    return sent;
  } catch (error) {
    await removeUpload(uploadDir, attachment);
    throw error;
  }
}
