import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import type { Page } from 'playwright-core';

const run = promisify(execFile);

/** An agent or admin account, as `npm run agent:create` takes it. */
export interface AgentAccount {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
}

/** The operator's way, before the server starts: `npm run agent:create` on its DATA_DIR. */
export async function createAccount(
  dataDir: string,
  account: AgentAccount,
  admin: boolean,
): Promise<void> {
  await run(
    'npm',
    [
      ...['run', '--silent', 'agent:create', '--'],
      ...['--email', account.email, '--password', account.password],
      ...['--first-name', account.firstName, '--last-name', account.lastName],
      ...['--type', 'bitcoin'],
      ...(admin ? ['--admin'] : []),
    ],
    { env: { ...process.env, NODE_ENV: 'test', DATA_DIR: dataDir, DATABASE_URL: '' } },
  );
}

/** Logs in on the agent login screen and waits for the chat list. */
export async function logIn(page: Page, baseUrl: string, account: AgentAccount): Promise<void> {
  await page.goto(`${baseUrl}/agent/login`);
  await page.getByLabel('Username').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  await page.getByRole('button', { name: 'Sign In' }).click();
  await page.waitForURL(`${baseUrl}/agent/chats`);
}
