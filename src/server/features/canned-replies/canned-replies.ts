import { and, asc, eq, isNull, or, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type {
  CannedReply,
  createCannedReplyRequestSchema,
  updateCannedReplyRequestSchema,
} from '../../../shared/api/canned-replies';
import type { Db } from '../../db/client';
import { iso, isUniqueViolation } from '../../db/raw';
import { cannedReplies } from '../../db/schema';
import { isAdmin } from '../../platform/auth';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';

type Row = typeof cannedReplies.$inferSelect;

function toCannedReply(row: Row): CannedReply {
  return {
    id: row.id,
    scope: row.ownerId === null ? 'team' : 'personal',
    shortcut: row.shortcut,
    content: row.content,
    updatedAt: iso(row.updatedAt),
  };
}

const TAKEN = 'A canned reply with this shortcut already exists';
const taken = (error: unknown) =>
  isUniqueViolation(error, 'canned_replies_team_shortcut_uq') ||
  isUniqueViolation(error, 'canned_replies_owner_shortcut_uq');

/** The team's replies and the caller's own: never another agent's personal ones. */
export async function listCannedReplies(options: {
  db: Db;
  caller: SessionUser;
}): Promise<CannedReply[]> {
  const { db, caller } = options;
  const found = await db
    .select()
    .from(cannedReplies)
    .where(or(isNull(cannedReplies.ownerId), eq(cannedReplies.ownerId, caller.id)))
    .orderBy(asc(cannedReplies.shortcut), asc(cannedReplies.id));
  return found.map(toCannedReply);
}

/** A team reply needs an admin; a personal one belongs to the agent who writes it. */
export async function createCannedReply(
  options: z.output<typeof createCannedReplyRequestSchema> & { db: Db; caller: SessionUser },
): Promise<CannedReply> {
  const { db, caller, scope, shortcut, content } = options;
  if (scope === 'team' && !isAdmin(caller))
    throw new AppError('forbidden', 'Only admins manage team replies');
  try {
    const [row] = await db
      .insert(cannedReplies)
      .values({
        ownerId: scope === 'team' ? null : caller.id,
        shortcut,
        content,
        createdBy: caller.id,
      })
      .returning();
    return toCannedReply(row!);
  } catch (error) {
    if (taken(error)) throw new AppError('conflict', TAKEN);
    throw error;
  }
}

/**
 * The rows the caller may change: their own, and the team's for an admin. Another agent's
 * personal reply is "not found", as if it did not exist.
 */
function changeable(caller: SessionUser, id: number): SQL {
  return and(
    eq(cannedReplies.id, id),
    isAdmin(caller)
      ? or(isNull(cannedReplies.ownerId), eq(cannedReplies.ownerId, caller.id))
      : eq(cannedReplies.ownerId, caller.id),
  )!;
}

async function refuseTeamToAgent(db: Db, caller: SessionUser, id: number): Promise<void> {
  if (isAdmin(caller)) return;
  const [row] = await db
    .select({ ownerId: cannedReplies.ownerId })
    .from(cannedReplies)
    .where(eq(cannedReplies.id, id));
  if (row && row.ownerId === null)
    throw new AppError('forbidden', 'Only admins manage team replies');
}

export async function updateCannedReply(
  options: z.output<typeof updateCannedReplyRequestSchema> & {
    db: Db;
    caller: SessionUser;
    id: number;
  },
): Promise<CannedReply> {
  const { db, caller, id } = options;
  await refuseTeamToAgent(db, caller, id);
  try {
    const [row] = await db
      .update(cannedReplies)
      .set({
        ...(options.shortcut === undefined ? {} : { shortcut: options.shortcut }),
        ...(options.content === undefined ? {} : { content: options.content }),
        updatedAt: sql`now()`,
      })
      .where(changeable(caller, id))
      .returning();
    if (!row) throw new AppError('not_found', 'Canned reply not found');
    return toCannedReply(row);
  } catch (error) {
    if (taken(error)) throw new AppError('conflict', TAKEN);
    throw error;
  }
}

export async function deleteCannedReply(options: {
  db: Db;
  caller: SessionUser;
  id: number;
}): Promise<void> {
  const { db, caller, id } = options;
  await refuseTeamToAgent(db, caller, id);
  const deleted = await db
    .delete(cannedReplies)
    .where(changeable(caller, id))
    .returning({ id: cannedReplies.id });
  if (deleted.length === 0) throw new AppError('not_found', 'Canned reply not found');
}
