import { createHash } from 'node:crypto';
import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { NewDevice } from '../../../shared/api/auth';
import type { Db } from '../../db/client';
import { staffDevices } from '../../db/schema';
import { writeAudit } from '../../platform/audit';

function hashDevice(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Notes the browser a staff member signed in from (its `ac_device` cookie). One never seen for
 * this member before is a new device: audited, and shown to them until they dismiss it. Their
 * very first browser is not news.
 */
export async function recordStaffDevice(options: {
  db: Db;
  userId: string;
  deviceToken: string;
  userAgent: string | undefined;
  ipAddress: string;
}): Promise<void> {
  const { db, userId } = options;
  const deviceHash = hashDevice(options.deviceToken);
  await db.transaction(async (tx) => {
    const [known] = await tx
      .select({ n: count() })
      .from(staffDevices)
      .where(eq(staffDevices.userId, userId));
    const first = (known?.n ?? 0) === 0;
    const inserted = await tx
      .insert(staffDevices)
      .values({
        userId,
        deviceHash,
        userAgent: options.userAgent?.slice(0, 300) ?? null,
        ipAddress: options.ipAddress.slice(0, 64),
        noticeSeenAt: first ? sql`now()` : null,
      })
      .onConflictDoNothing()
      .returning({ userId: staffDevices.userId });
    if (inserted.length === 1 && !first) {
      await writeAudit(tx, {
        actorId: userId,
        action: 'staff.new-device',
        entityType: 'user',
        entityId: userId,
        after: {
          userAgent: options.userAgent?.slice(0, 300) ?? null,
          ipAddress: options.ipAddress,
        },
      });
    }
  });
}

/** Sign-ins from new browsers the member has not dismissed yet, oldest first. */
export async function unseenNewDevices(db: Db, userId: string): Promise<NewDevice[]> {
  const rows = await db
    .select()
    .from(staffDevices)
    .where(and(eq(staffDevices.userId, userId), isNull(staffDevices.noticeSeenAt)))
    .orderBy(asc(staffDevices.createdAt));
  return rows.map((r) => ({
    userAgent: r.userAgent,
    ipAddress: r.ipAddress,
    createdAt: r.createdAt.toISOString(),
  }));
}

export async function dismissNewDevices(db: Db, userId: string): Promise<void> {
  await db
    .update(staffDevices)
    .set({ noticeSeenAt: sql`now()` })
    .where(and(eq(staffDevices.userId, userId), isNull(staffDevices.noticeSeenAt)));
}
