import { eq } from 'drizzle-orm';
import type { Db } from '../../src/server/db/client';
import { users } from '../../src/server/db/schema';
import { createAgent } from '../../src/server/features/agents';
import {
  createSession,
  SESSION_COOKIE,
  type SessionUser,
} from '../../src/server/platform/sessions';

let counter = 0;
const unique = () => `${Date.now().toString(36)}${(counter++).toString(36)}`;

/** A Google customer as the sign-in would make them. */
export async function makeCustomer(
  db: Db,
  overrides: Partial<typeof users.$inferInsert> = {},
): Promise<SessionUser> {
  const id = unique();
  const [row] = await db
    .insert(users)
    .values({
      email: `customer-${id}@example.com`,
      firstName: 'Test',
      lastName: `Customer ${id}`,
      oidcIssuer: 'http://issuer.test',
      oidcSubject: `sub-${id}`,
      ...overrides,
    })
    .returning();
  return row!;
}

export const AGENT_PASSWORD = 'correct horse battery';

/** An agent with a password, made through the real use case. */
export async function makeAgent(
  db: Db,
  options: {
    admin?: boolean;
    active?: boolean;
    agentType?: 'bitcoin' | 'usdt' | 'general';
    firstName?: string;
  } = {},
): Promise<SessionUser> {
  const agent = await createAgent({
    db,
    actorId: null,
    admin: options.admin ?? false,
    input: {
      email: `agent-${unique()}@example.com`,
      password: AGENT_PASSWORD,
      firstName: options.firstName ?? 'Test',
      lastName: 'Agent',
      agentType: options.agentType ?? 'bitcoin',
    },
  });
  if (options.active === false) {
    const [row] = await db
      .update(users)
      .set({ isActive: false })
      .where(eq(users.id, agent.id))
      .returning();
    return row!;
  }
  return agent;
}

/** A cookie header for a fresh session of `user`, as if they had signed in. */
export async function sessionCookie(db: Db, user: SessionUser): Promise<string> {
  const session = await createSession({
    db,
    userId: user.id,
    method: user.passwordHash ? 'password' : 'oidc',
  });
  return `${SESSION_COOKIE}=${session.token}`;
}
