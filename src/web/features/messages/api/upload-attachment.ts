import {
  ATTACHMENT_MAX_BYTES,
  ATTACHMENT_TYPES,
  IMAGE_SIZE_ERROR,
  IMAGE_TYPE_ERROR,
  messageSchema,
  type Message,
} from '../../../../shared/api/messages';
import { errorResponseSchema } from '../../../../shared/api/common';
import { ApiError, ResponseShapeError } from '../../../lib/api-client';

/** Uploads take longer than texts: a 10 MB image on a slow line. */
const UPLOAD_TIMEOUT_MS = 120_000;

/**
 * Why this file cannot be sent, or null when it can: the server's own checks that need no
 * decoding, made here first so nobody waits for an upload bound to fail.
 */
export function imageProblem(file: File): string | null {
  if (!(ATTACHMENT_TYPES as readonly string[]).includes(file.type)) return IMAGE_TYPE_ERROR;
  if (file.size > ATTACHMENT_MAX_BYTES) return IMAGE_SIZE_ERROR;
  if (file.size === 0) return 'The image is empty';
  return null;
}

/**
 * Sends a screenshot as multipart/form-data. The fields go before the file: the server
 * reads them as the file starts.
 */
export async function uploadAttachment(
  chatSessionId: number,
  body: { clientMessageId: string; caption?: string; file: File },
): Promise<Message> {
  const form = new FormData();
  form.append('clientMessageId', body.clientMessageId);
  form.append('caption', body.caption ?? '');
  form.append('file', body.file, body.file.name || 'screenshot');
  const path = `/api/chat-sessions/${chatSessionId}/attachments`;
  const response = await fetch(path, {
    method: 'POST',
    body: form,
    credentials: 'include',
    headers: { accept: 'application/json' },
    signal: AbortSignal.timeout(UPLOAD_TIMEOUT_MS),
  });
  const json: unknown = await response.json().catch(() => undefined);
  if (!response.ok) {
    const error = errorResponseSchema.safeParse(json);
    throw new ApiError(
      response.status,
      error.success ? error.data.error : response.statusText || 'Request failed',
    );
  }
  const parsed = messageSchema.safeParse(json);
  if (!parsed.success) throw new ResponseShapeError(path, parsed.error);
  return parsed.data;
}
