import type { FastifyBaseLogger } from 'fastify';
import { ATTACHMENT_MAX_BYTES, MESSAGE_MAX_LENGTH } from '../../../shared/api/messages';
import type { WhatsappInboundMessage } from '../../../shared/api/whatsapp';
import type { AttachmentMeta } from '../../db/schema';
import { AppError } from '../../platform/errors';
import type { ObjectStorage } from '../../platform/storage';
import { sniffMediaType, storeImageBytes, storeMediaBytes } from '../messages';
import { GraphApiError, type GraphApi } from './graph-api';

/** The kinds of a customer's message whose file the desk fetches and keeps. */
export type MediaKind = 'image' | 'document' | 'audio';

/** The file a message carries, when it is a photo, a document or an audio (a voice note). */
export interface InboundMedia {
  kind: MediaKind;
  id: string;
  /** A document's file name, as the customer's phone gave it. */
  filename: string | undefined;
  caption: string;
}

export function mediaOf(message: WhatsappInboundMessage): InboundMedia | null {
  if (message.type !== 'image' && message.type !== 'document' && message.type !== 'audio')
    return null;
  const media = message[message.type];
  if (!media) return null;
  return {
    kind: message.type,
    id: media.id,
    filename: media.filename,
    caption: (media.caption ?? '').slice(0, MESSAGE_MAX_LENGTH),
  };
}

/**
 * What the chat shows in place of a file it could not keep: the caption, or "[document not
 * received]"; for a type not on the allow-list "[unsupported: document]", before the caption.
 */
export function textInstead(media: InboundMedia, outcome: 'unsupported' | 'not_received'): string {
  if (outcome === 'unsupported')
    return [`[unsupported: ${media.kind}]`, media.caption].filter(Boolean).join(' ');
  return media.caption || `[${media.kind} not received]`;
}

/** The names a file gets when the customer's phone gave none. */
const FALLBACK_NAMES: Record<Exclude<MediaKind, 'image'>, string> = {
  document: 'whatsapp-document',
  audio: 'whatsapp-audio',
};

export type FetchedMedia =
  | { outcome: 'stored'; attachment: AttachmentMeta; fingerprint?: bigint }
  /** A document or audio of a type not on the allow-list (a Word file, a video). */
  | { outcome: 'unsupported' }
  /** Too large, gone from Meta, or (a photo) not an image that decodes. */
  | { outcome: 'not_received' };

/**
 * A customer's photo, document or audio, fetched through the media API with the token and
 * capped at the uploads' 10 MB (decision 037). A photo is stored as an upload is (decoded,
 * re-encoded without EXIF); a PDF or an audio is stored as it came, once its type, told from its
 * bytes, is on the allow-list. A Graph API that does not answer throws, and the delivery is
 * tried again.
 */
export async function fetchMedia(options: {
  graph: GraphApi;
  storage: ObjectStorage;
  logger: FastifyBaseLogger;
  media: InboundMedia;
}): Promise<FetchedMedia> {
  const { graph, storage, logger, media } = options;
  try {
    const bytes = await graph.downloadMedia(media.id, ATTACHMENT_MAX_BYTES);
    if (media.kind === 'image') {
      const { fingerprint, ...attachment } = await storeImageBytes({
        storage,
        bytes,
        name: 'whatsapp-photo',
        log: logger,
      });
      return { outcome: 'stored', attachment, fingerprint };
    }
    const mime = sniffMediaType(bytes.subarray(0, 16), media.kind === 'audio');
    if (!mime) {
      logger.info({ kind: media.kind }, 'WhatsApp file of a type the desk does not take');
      return { outcome: 'unsupported' };
    }
    const attachment = await storeMediaBytes({
      storage,
      bytes,
      mime,
      name: media.filename,
      fallback: FALLBACK_NAMES[media.kind],
    });
    return { outcome: 'stored', attachment };
  } catch (error) {
    if ((error instanceof GraphApiError && !error.retryable) || error instanceof AppError) {
      // A store that is down is a 503 AppError of its own: worth trying again.
      if (error instanceof AppError && error.code === 'service_unavailable') throw error;
      logger.warn({ err: error, kind: media.kind }, 'WhatsApp media not received');
      return { outcome: 'not_received' };
    }
    throw error;
  }
}
