import { openDatabase, type Database } from '../../src/server/db/client';
import { migrateDatabase } from '../../src/server/db/migrate';
import type { SessionUser } from '../../src/server/platform/sessions';
import { createPostgresTestDatabase } from './databases';
import { startLiveApp, type LiveApp } from './live-app';
import { makeAgent, makeCustomer, sessionCookie } from './users';

export interface TwoInstances {
  a: LiveApp;
  b: LiveApp;
  /** A's connection to the database, then B's: one database, two pools. */
  databases: [Database, Database];
  /** A new customer and a new agent, each with a sign-in session's cookie (valid on both). */
  customerAndAgent(): Promise<{
    customer: SessionUser;
    agent: SessionUser;
    customerCookie: string;
    agentCookie: string;
  }>;
  close(): Promise<void>;
}

/**
 * Two instances of the server on one fresh PostgreSQL database, each listening with a pool of
 * its own, as behind a reverse proxy: what one does reaches the other only through PostgreSQL.
 */
export async function startTwoInstances(
  serverUrl: string,
  /** Settings of both instances on top of the test defaults (a channel, say). */
  env: Record<string, string> = {},
): Promise<TwoInstances> {
  const created = await createPostgresTestDatabase(serverUrl);
  const open = () => openDatabase({ kind: 'postgres', url: created.url, poolSize: 4 });
  const databases: [Database, Database] = [await open(), await open()];
  await migrateDatabase(databases[0]);
  const a = await startLiveApp(databases[0], env);
  const b = await startLiveApp(databases[1], env);
  return {
    a,
    b,
    databases,
    customerAndAgent: async () => {
      const { db } = databases[0];
      const customer = await makeCustomer(db);
      const agent = await makeAgent(db);
      return {
        customer,
        agent,
        customerCookie: await sessionCookie(db, customer),
        agentCookie: await sessionCookie(db, agent),
      };
    },
    close: async () => {
      await a.close();
      await b.close();
      for (const database of databases) await database.close();
      await created.drop();
    },
  };
}
