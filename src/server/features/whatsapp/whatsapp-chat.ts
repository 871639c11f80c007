import { sql } from 'drizzle-orm';
import type { WhatsappChat, WhatsappTick } from '../../../shared/api/whatsapp';
import { WINDOW_CLOSED_NO_TEMPLATE } from '../../../shared/api/whatsapp';
import type { WhatsappSettings } from '../../config';
import type { Db } from '../../db/client';
import { iso, rows } from '../../db/raw';
import { AppError } from '../../platform/errors';
import { WINDOW_MS } from './send-outbox';

/** The chat's WhatsApp contact; not found for a chat of a customer on the web. */
async function contactOfChat(db: Db, chatSessionId: number) {
  const [contact] = await rows<{ wa_id: string; last_inbound_at: unknown }>(
    db,
    sql`select k.wa_id, k.last_inbound_at
        from chat_sessions s join whatsapp_contacts k on k.customer_id = s.customer_id
        where s.id = ${chatSessionId}`,
  );
  if (!contact) throw new AppError('not_found', 'Not a WhatsApp chat');
  return contact;
}

/** Staff's view of a WhatsApp chat: the number, the window and each sent message's tick. */
export async function getWhatsappChat(options: {
  db: Db;
  settings: WhatsappSettings;
  chatSessionId: number;
}): Promise<WhatsappChat> {
  const { db, chatSessionId } = options;
  const contact = await contactOfChat(db, chatSessionId);
  const deliveries = await rows<{
    message_id: string;
    status: WhatsappTick;
    error_title: string | null;
  }>(
    db,
    sql`select o.message_id, o.status, o.error_title
        from whatsapp_outbox o join messages m on m.id = o.message_id
        where m.chat_session_id = ${chatSessionId}
        order by o.message_id`,
  );
  return {
    waId: contact.wa_id,
    windowEndsAt: contact.last_inbound_at
      ? new Date(Date.parse(iso(contact.last_inbound_at)) + WINDOW_MS).toISOString()
      : null,
    canReengage: options.settings.reengageTemplate !== undefined,
    deliveries: deliveries.map((d) => ({
      messageId: Number(d.message_id),
      tick: d.status,
      errorTitle: d.error_title,
    })),
  };
}

/** Sends a failed desk message again (Retry); a message that did not fail is left as it is. */
export async function retryWhatsappMessage(options: {
  db: Db;
  messageId: number;
  now: Date;
}): Promise<void> {
  const found = await rows<{ id: string }>(
    options.db,
    sql`update whatsapp_outbox
        set status = 'sending', attempts = 0, error_code = null, error_title = null,
            next_attempt_at = ${options.now.toISOString()}::timestamptz, updated_at = now()
        where message_id = ${options.messageId} and status in ('failed', 'sending')
        returning id`,
  );
  if (found.length === 0) throw new AppError('conflict', 'This message has been sent already');
}

/** After the window: the configured re-engagement template, queued for the chat's customer. */
export async function sendReengageTemplate(options: {
  db: Db;
  settings: WhatsappSettings;
  chatSessionId: number;
}): Promise<void> {
  const { db, settings } = options;
  const template = settings.reengageTemplate;
  if (!template) throw new AppError('conflict', WINDOW_CLOSED_NO_TEMPLATE);
  const contact = await contactOfChat(db, options.chatSessionId);
  await db.execute(
    sql`insert into whatsapp_outbox (wa_id, payload)
        values (${contact.wa_id}, ${JSON.stringify({
          type: 'template',
          template: { name: template.name, language: { code: template.language } },
        })}::jsonb)`,
  );
}
