import { eq, sql, TransactionRollbackError } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { users, whatsappContacts } from '../../db/schema';
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

/**
 * The customer behind a WhatsApp id, made on their first message: a users row with no Google
 * account and no email, named from the WhatsApp profile. Once made, the name is the desk's (a
 * later profile name does not overwrite it).
 */
export async function whatsappCustomer(options: {
  db: Db;
  waId: string;
  profileName: string | undefined;
}): Promise<{ user: SessionUser; deskAskedAt: Date | null }> {
  const { db, waId } = options;
  const found = async () => {
    const [row] = await db
      .select({ user: users, deskAskedAt: whatsappContacts.deskAskedAt })
      .from(whatsappContacts)
      .innerJoin(users, eq(users.id, whatsappContacts.customerId))
      .where(eq(whatsappContacts.waId, waId))
      .limit(1);
    return row;
  };
  const existing = await found();
  if (existing) return existing;
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
  const made = await found();
  if (!made) throw new Error(`WhatsApp contact ${waId} was neither found nor made`);
  return made;
}

/** The customer wrote at `at`: the 24-hour window runs from their latest message. */
export async function touchInbound(db: Db, customerId: string, at: Date): Promise<void> {
  await db
    .update(whatsappContacts)
    .set({
      lastInboundAt: sql`greatest(${whatsappContacts.lastInboundAt}, ${at.toISOString()}::timestamptz)`,
    })
    .where(eq(whatsappContacts.customerId, customerId));
}
