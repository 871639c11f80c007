import type { SQL } from 'drizzle-orm';
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export interface AuditEntry {
  actorId: string | null;
  action: string;
  entityType: string;
  entityId: string;
  before?: Record<string, unknown> | null;
  /** Or a jsonb expression, for an entry written with what only its statement works out. */
  after?: Record<string, unknown> | SQL | null;
}

/** Appends to the audit log; pass the transaction that made the change so both land or neither. */
export async function writeAudit(db: Db, entry: AuditEntry): Promise<void> {
  await db.execute(auditInsert(db, entry));
}

/** The audit entry's insert, for a statement that writes more (a data-modifying WITH). */
export function auditInsert(db: Db, entry: AuditEntry): SQL {
  return db
    .insert(auditLog)
    .values({
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      before: entry.before ?? null,
      after: entry.after ?? null,
    })
    .getSQL();
}
