import type { Page } from 'playwright-core';
import { inject } from 'vitest';
import { copyPgliteTemplate } from './pglite-template';

/** An agent or admin account, as `npm run agent:create` takes it. */
export interface AgentAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/**
 * Before the server starts, writes an account into its DATA_DIR (a copy of the run's migrated
 * template when the folder is empty) through the same `parseAgentInput` and `createAgent` as
 * `npm run agent:create`, in this process: the command itself is tested in
 * tests/cli/agent-create.test.ts, and starting it per account cost ~5 CPU-seconds each
 * (npm, tsx, a fresh PGlite's initdb).
 */
export async function createAccount(
  dataDir: string,
  account: AgentAccount,
  admin: boolean,
): Promise<void> {
  await createAccounts(dataDir, [{ account, admin }]);
}

/** `createAccount` for several accounts, opening the database once (about 1 s each less). */
export async function createAccounts(
  dataDir: string,
  accounts: readonly { account: AgentAccount; admin: boolean }[],
): Promise<void> {
  // Imported here, so e2e files that make no account never load the server's modules.
  const { openDatabase } = await import('../../src/server/db/client');
  const { createAgent, parseAgentInput } = await import('../../src/server/features/agents');
  copyPgliteTemplate(inject('pgliteTemplate'), dataDir);
  const database = await openDatabase({ kind: 'pglite', dataDir });
  try {
    for (const { account, admin } of accounts) {
      await createAgent({
        db: database.db,
        actorId: null,
        admin,
        input: parseAgentInput({ ...account, agentType: 'bitcoin' }),
      });
    }
  } finally {
    await database.close();
  }
}

/** Logs in on the agent login screen and waits for the chat list. */
export async function logIn(page: Page, baseUrl: string, account: AgentAccount): Promise<void> {
  await page.goto(`${baseUrl}/agent/login`);
  await page.getByLabel('Username').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/agent/chats`);
}
