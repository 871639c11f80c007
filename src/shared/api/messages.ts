import { z } from 'zod';
import { MESSAGE_TYPES } from '../domain';
import { cursorQueryShape, isoDateTime, pageSchema } from './common';

/** Text messages are trimmed and 1 to 4,000 characters. */
export const MESSAGE_MAX_LENGTH = 4000;
/** Screenshots: JPEG, PNG or WebP, at most 10 MB, type checked from the bytes. */
export const ATTACHMENT_MAX_BYTES = 10 * 1024 * 1024;
export const ATTACHMENT_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMime = (typeof ATTACHMENT_TYPES)[number];
/**
 * Files a WhatsApp customer sends besides photos (decision 037), each type told from the bytes:
 * a PDF document, or audio (WhatsApp's voice notes are Ogg/Opus; MP3, MP4/M4A, AAC and AMR
 * files too). Never decoded: stored as received, at most ATTACHMENT_MAX_BYTES.
 */
export const DOCUMENT_TYPES = ['application/pdf'] as const;
export const AUDIO_TYPES = [
  'audio/ogg',
  'audio/mpeg',
  'audio/mp4',
  'audio/aac',
  'audio/amr',
] as const;
export type MediaMime = (typeof DOCUMENT_TYPES)[number] | (typeof AUDIO_TYPES)[number];
export const ATTACHMENT_MIMES = [...ATTACHMENT_TYPES, ...DOCUMENT_TYPES, ...AUDIO_TYPES] as const;
export type AttachmentMime = (typeof ATTACHMENT_MIMES)[number];

/** The message's kind for a stored file: its type says whether it is an image, a PDF or audio. */
export function messageTypeOfMime(mime: AttachmentMime): 'image' | 'document' | 'audio' {
  if (mime === 'application/pdf') return 'document';
  return mime.startsWith('audio/') ? 'audio' : 'image';
}
/** A decoded image holds 4 bytes a pixel: 40 megapixels is 160 MB of memory, and no more. */
export const ATTACHMENT_MAX_PIXELS = 40_000_000;

/** The server's answers for an image it refuses; the picker shows the same words. */
export const IMAGE_TYPE_ERROR = 'Only JPEG, PNG or WebP images can be sent';
export const IMAGE_SIZE_ERROR = `Image is too large (at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)`;
export const IMAGE_PIXELS_ERROR = `Image has too many pixels (at most ${ATTACHMENT_MAX_PIXELS / 1_000_000} megapixels)`;
export const IMAGE_DECODE_ERROR = 'This image is damaged or incomplete and cannot be sent';
export const MEDIA_SIZE_ERROR = `File is too large (at most ${ATTACHMENT_MAX_BYTES / 1024 / 1024} MB)`;

export const attachmentSchema = z.object({
  /** Where the session's customer and agents fetch it; nobody else can. */
  url: z.string(),
  /**
   * A small copy for the chat (at most 480 px wide); the full image is `url`. A document or an
   * audio has none: its thumbnail URL serves the file itself.
   */
  thumbnailUrl: z.string(),
  mime: z.enum(ATTACHMENT_MIMES),
  size: z.number().int(),
  name: z.string(),
});

/** Where the attachment route serves a message's image and its thumbnail (staff may open any). */
export function attachmentUrls(messageId: number): { url: string; thumbnailUrl: string } {
  return {
    url: `/api/attachments/${messageId}`,
    thumbnailUrl: `/api/attachments/${messageId}/thumbnail`,
  };
}

/**
 * An image that proves nothing new: the same receipt (the same transaction reference read on
 * both images) or, when no reference could be read on one of them, a picture that looks like
 * one sent earlier, in another customer's chat or before this chat's open order. Staff see
 * `imageSeenBeforeText`. Never sent to customers.
 */
export const imageSeenBeforeSchema = z.object({
  /** The earlier image. */
  messageId: z.number().int(),
  chatSessionId: z.number().int(),
  /** When that earlier image was sent. */
  seenAt: isoDateTime,
  /** same_receipt: one reference read on both; looks_alike: near fingerprints, no reference. */
  kind: z.enum(['same_receipt', 'looks_alike']),
  /** The reference read on both (same_receipt), as read on the earlier image. */
  reference: z.string().nullable(),
  /** The order the earlier image belongs to, when it belongs to one (AC-…). */
  orderReference: z.string().nullable(),
});
export type ImageSeenBefore = z.infer<typeof imageSeenBeforeSchema>;

/**
 * What staff read under a flagged image and in the staff's Orders list: the texts, naming the
 * earlier image's order, or "an earlier image" when it belongs to none.
 */
export function imageSeenBeforeText(seen: ImageSeenBefore): string {
  if (seen.kind === 'same_receipt') {
    const where = seen.orderReference ? `order ${seen.orderReference}` : 'an earlier image';
    return `Same receipt as ${where} (reference ${seen.reference ?? 'unknown'})`;
  }
  return seen.orderReference
    ? `Looks like the image on order ${seen.orderReference}`
    : 'Looks like an earlier image';
}

export const messageSchema = z.object({
  id: z.number().int(),
  chatSessionId: z.number().int(),
  senderId: z.uuid(),
  /** Whether the sender was the session's customer or an agent. */
  senderRole: z.enum(['customer', 'agent']),
  content: z.string(),
  messageType: z.enum(MESSAGE_TYPES),
  attachment: attachmentSchema.nullable(),
  clientMessageId: z.string(),
  createdAt: isoDateTime,
  /** Agents and admins only, and only on an image seen before. */
  imageSeenBefore: imageSeenBeforeSchema.optional(),
});
export type Message = z.infer<typeof messageSchema>;

export const messageListQuerySchema = z.object({
  /** Messages with a greater id than this, oldest first. */
  after: z.coerce.number().int().min(0).default(0),
  limit: z.coerce.number().int().min(1).max(200).default(200),
});
export const messagePageSchema = pageSchema(messageSchema);

export const allMessagesQuerySchema = z.object({ ...cursorQueryShape });

export const sendMessageRequestSchema = z.object({
  /** The sender's own id for this message (a UUID): a retry with it never makes a duplicate. */
  clientMessageId: z.uuid('clientMessageId must be a UUID'),
  content: z
    .string()
    .trim()
    .min(1, 'Message cannot be empty')
    .max(MESSAGE_MAX_LENGTH, `Message is too long (at most ${MESSAGE_MAX_LENGTH} characters)`),
});

/** An image's caption: up to MESSAGE_MAX_LENGTH characters, refused (never cut) beyond. */
export const CAPTION_TOO_LONG = `Caption is too long (at most ${MESSAGE_MAX_LENGTH} characters)`;
export const captionSchema = z.string().trim().max(MESSAGE_MAX_LENGTH, CAPTION_TOO_LONG);

/**
 * The most bytes a caption's multipart field may take: MESSAGE_MAX_LENGTH UTF-16 code units are
 * at most 3 UTF-8 bytes each (a surrogate pair, 2 units, is 4). A longer field is refused whole.
 */
export const CAPTION_MAX_BYTES = MESSAGE_MAX_LENGTH * 3;

export const attachmentParamsSchema = z.object({
  messageId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

/** How far one side has received and read the other side's messages (ids; 0 for none yet). */
export const receiptSideSchema = z.object({
  /** The newest of the other side's messages this side's client has received. */
  deliveredId: z.number().int(),
  /** The newest of the other side's messages shown on a visible page on this side. */
  readId: z.number().int(),
  /** When `readId` was last moved forward. */
  readAt: isoDateTime.nullable(),
});
export type ReceiptSide = z.infer<typeof receiptSideSchema>;

/**
 * A chat's read receipts. `customer`: how far the customer has got through the agents'
 * messages (the agents' ticks); `staff`: how far the staff have got through the customer's (the
 * customer's ticks). Private notes never count.
 */
export const receiptsSchema = z.object({
  chatSessionId: z.number().int(),
  customer: receiptSideSchema,
  staff: receiptSideSchema,
});
export type Receipts = z.infer<typeof receiptsSchema>;

/** The caller's side moves forward (never back) to these message ids. */
export const updateReceiptsRequestSchema = z
  .object({
    deliveredId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
    readId: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER).optional(),
  })
  .refine((b) => b.deliveredId !== undefined || b.readId !== undefined, {
    message: 'Give deliveredId or readId',
  });
