import { and, eq, getTableColumns, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { chatSessions, users, whatsappContacts, whatsappHeldMessages } from '../../db/schema';
import type { SessionUser } from '../../platform/sessions';

/** The profile's name, split at its first space into the users row's two names. */
function names(profileName: string | undefined): { firstName: string; lastName: string | null } {
  const name = profileName?.trim().replace(/\s+/g, ' ').slice(0, 100);
  if (!name) return { firstName: 'WhatsApp customer', lastName: null };
  const space = name.indexOf(' ');
  return space === -1
    ? { firstName: name, lastName: null }
    : { firstName: name.slice(0, space), lastName: name.slice(space + 1) };
}

/** A customer's message arrived: who they are, and where their messages go. */
export interface WhatsappArrival {
  user: SessionUser;
  /** When they were asked which desk (null: not yet). */
  deskAskedAt: Date | null;
  /** Their latest chat (a resolved one included); null before they have one. */
  latestChatId: number | null;
  /** Whether messages of theirs wait for the desk to be known. */
  hasHeld: boolean;
}

/**
 * A message from `waId` sent at `at`: the customer behind the WhatsApp id, made on their first
 * message (a users row with no Google account and no email, named from the WhatsApp profile;
 * once made, the name is the desk's: a later profile name does not overwrite it). The 24-hour
 * window runs from their latest message. For a known customer this is one statement: the
 * window's update returns the customer, their latest chat and whether messages are held.
 */
export async function whatsappArrival(options: {
  db: Db;
  waId: string;
  profileName: string | undefined;
  at: Date;
}): Promise<WhatsappArrival> {
  const { db, waId } = options;
  const arrive = async (): Promise<WhatsappArrival | undefined> => {
    const [row] = await db
      .update(whatsappContacts)
      .set({
        lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, ${options.at.toISOString()}::timestamptz)`,
      })
      .from(users)
      .where(and(eq(whatsappContacts.waId, waId), eq(users.id, whatsappContacts.customerId)))
      .returning({
        user: getTableColumns(users),
        deskAskedAt: whatsappContacts.deskAskedAt,
        latestChatId: sql<string | null>`(select s.id from ${chatSessions} s
                                           where s.customer_id = ${users.id}
                                           order by s.created_at desc limit 1)`,
        hasHeld: sql<boolean>`exists (select 1 from ${whatsappHeldMessages} h
                                      where h.customer_id = ${users.id})`,
      });
    if (!row) return undefined;
    return {
      ...row,
      latestChatId: row.latestChatId === null ? null : Number(row.latestChatId),
    };
  };
  const known = await arrive();
  if (known) return known;
  await db
    .transaction(async (tx) => {
      const [user] = await tx.insert(users).values(names(options.profileName)).returning();
      const [contact] = await tx
        .insert(whatsappContacts)
        .values({ customerId: user!.id, waId })
        .onConflictDoNothing()
        .returning();
      // Made by another instance meanwhile: this row would be a customer of no one.
      if (!contact) tx.rollback();
    })
    .catch((error: unknown) => {
      if (!(error instanceof TransactionRollbackError)) throw error;
    });
  const made = await arrive();
  if (!made) throw new Error(`WhatsApp contact ${waId} was neither found nor made`);
  return made;
}
