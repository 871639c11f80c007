import type { WhatsappSettings } from '../../config';
import type { Db } from '../../db/client';
import { whatsappDeliveries } from '../../db/schema';
import { AppError } from '../../platform/errors';
import { ourChanges, sendersOf } from './process-deliveries';
import { isSignedByMeta } from './signature';
import { whatsappWebhookBodySchema } from '../../../shared/api/whatsapp';

/**
 * A webhook POST, stored for processing once its signature holds: before it nothing is read, and
 * a bad or missing signature stores nothing. A delivery with nothing for this phone number (Meta
 * sends every number of the app to one webhook) is answered and dropped. The senders of its
 * messages are kept beside it: it is processed after their earlier deliveries.
 */
export async function storeDelivery(options: {
  db: Db;
  settings: WhatsappSettings;
  raw: unknown;
  signature: string | string[] | undefined;
}): Promise<void> {
  const { db, settings, raw, signature } = options;
  if (
    !Buffer.isBuffer(raw) ||
    typeof signature !== 'string' ||
    !isSignedByMeta(raw, signature, settings.appSecret)
  ) {
    throw new AppError('unauthorized', 'Invalid signature');
  }
  let json: unknown;
  try {
    json = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new AppError('bad_request', 'The body is not JSON');
  }
  if (!whatsappWebhookBodySchema.safeParse(json).success)
    throw new AppError('bad_request', 'Not a WhatsApp Business Account delivery');
  const changes = ourChanges(json, settings.phoneNumberId);
  if (changes.length === 0) return;
  await db.insert(whatsappDeliveries).values({ body: json, waIds: sendersOf(changes) });
}
