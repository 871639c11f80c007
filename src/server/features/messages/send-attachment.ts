import type { FastifyRequest } from 'fastify';
import type { Db } from '../../db/client';
import type { EventLog } from '../../platform/realtime/events';
import type { SessionUser } from '../../platform/sessions';
import type { ObjectStorage } from '../../platform/storage';
import { receiveUpload, removeUpload } from './attachments';
import { sendMessage, type SendResult } from './send-message';

/**
 * A screenshot, with its caption, as a message: stored once per client message id. The image is
 * in the store before the message is written (a store that is down fails the upload with a 503
 * and writes nothing); it is removed again when the message is refused or was a retry of one
 * already stored. Whether it repeats an earlier image is known once it has been read
 * (features/image-readings), after the answer.
 */
export async function sendAttachment(options: {
  request: FastifyRequest;
  db: Db;
  events: EventLog;
  caller: SessionUser;
  chatSessionId: number;
  storage: ObjectStorage;
  /** MAX_OPEN_CHATS_PER_AGENT (sendMessage). */
  cap: number;
}): Promise<SendResult> {
  const { request, db, events, caller, chatSessionId, storage } = options;
  const { attachment, fingerprint, caption, clientMessageId } = await receiveUpload(options);
  const cleanUp = () => removeUpload({ storage, meta: attachment, log: request.log });
  try {
    const sent = await sendMessage({
      db,
      events,
      caller,
      chatSessionId,
      clientMessageId,
      content: caption,
      attachment,
      image: { fingerprint },
      cap: options.cap,
    });
    if (!sent.created) await cleanUp();
    return sent;
  } catch (error) {
    await cleanUp();
    throw error;
  }
}
