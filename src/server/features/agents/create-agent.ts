import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { createAgentRequestSchema, type CreateAgentRequest } from '../../../shared/api/agents';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { writeAudit } from '../../platform/audit';
import { AppError } from '../../platform/errors';
import type { SessionUser } from '../../platform/sessions';
import { hashPassword } from '../auth';

function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; e; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** A new agent's details checked by the API's rules: an AppError names every problem at once. */
export function parseAgentInput(input: unknown): z.output<typeof createAgentRequestSchema> {
  const parsed = createAgentRequestSchema.safeParse(input);
  if (!parsed.success) {
    throw new AppError('bad_request', parsed.error.issues.map((i) => i.message).join('; '));
  }
  return parsed.data;
}

/**
 * Creates an agent (or, from the operator's command line, an admin) with a password.
 * Used by POST /api/agents/create and `npm run agent:create`, with the same rules.
 */
export async function createAgent(options: {
  db: Db;
  input: CreateAgentRequest;
  actorId: string | null;
  admin?: boolean;
}): Promise<SessionUser> {
  const input = parseAgentInput(options.input);
  const email = input.email.trim().toLowerCase();
  const passwordHash = await hashPassword(input.password);
  const isAdmin = options.admin ?? false;
  try {
    return await options.db.transaction(async (tx) => {
      const [row] = await tx
        .insert(users)
        .values({
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          agentType: input.agentType,
          isAgent: true,
          isAdmin,
          passwordHash,
          mustChangePassword: input.passwordGenerated,
          updatedAt: sql`now()`,
        })
        .returning();
      await writeAudit(tx, {
        actorId: options.actorId,
        action: isAdmin ? 'admin.create' : 'agent.create',
        entityType: 'user',
        entityId: row!.id,
        before: null,
        after: {
          email,
          firstName: input.firstName,
          lastName: input.lastName,
          agentType: input.agentType,
          isAgent: true,
          isAdmin,
        },
      });
      return row!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError('conflict', 'An agent with this email already exists.');
    throw error;
  }
}
