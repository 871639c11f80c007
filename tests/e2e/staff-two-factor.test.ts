import { generate } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AgentAccount } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  DESKTOP,
  hasChromium,
  startBrowserApp,
  type BrowserApp,
} from '../support/e2e';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT: AgentAccount = {
  email: 'kemi.agent@example.com',
  password: 'a long agent password',
  firstName: 'Kemi',
  lastName: 'Bello',
};

/**
 * A code for `secret` in a time step that was not used yet (a code is taken once per step): the
 * current step's, or while that is the one enrolment used, the next step's, as a phone whose
 * clock runs a little fast shows it. The server takes one step either side of its clock
 * (second-factor.ts), so the test goes on at once instead of idling up to 30 s for the step to
 * turn.
 */
function freshCode(secret: string, usedStep: number | null): Promise<string> {
  const nowS = Math.floor(Date.now() / 1000);
  const step = Math.floor(nowS / 30);
  const epoch = usedStep !== null && step <= usedStep ? (usedStep + 1) * 30 + 1 : nowS;
  return generate({ secret, epoch });
}

describe.skipIf(!hasChromium)('staff two-factor sign-in (STAFF_2FA=required)', () => {
  let app: BrowserApp;
  let page: Page;

  beforeAll(async () => {
    app = await startBrowserApp({
      dataDirName: 'two-factor',
      accounts: [{ account: AGENT, admin: false }],
      env: { STAFF_2FA: 'required' },
    });
    page = await app.newPage(DESKTOP);
  });
  afterAll(() => app?.close());

  async function enterPassword() {
    await page.goto(`${app.server.url}/agent/login`);
    await page.getByLabel('Username').fill(AGENT.email);
    await page.getByLabel('Password').fill(AGENT.password);
    await page.getByRole('button', { name: 'Sign In' }).click();
  }

  it('an agent enrols at the first sign-in, signs out, and signs in with a code', async () => {
    const base = app.server.url;
    await enterPassword();
    await page.getByRole('heading', { name: 'Set up two-factor sign-in' }).waitFor();
    // Nothing else works meanwhile: the agent inbox's own call is refused.
    const refused = await page.evaluate(async () => (await fetch('/api/agent/user')).status);
    expect(refused).toBe(403);

    await page.getByRole('button', { name: 'Show QR code' }).click();
    await page.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    const enrolledAt = Math.floor(Date.now() / 30_000);
    await page
      .getByLabel('Code from the app')
      .fill(await generate({ secret, epoch: Math.floor(Date.now() / 1000) }));
    await page.getByRole('button', { name: 'Turn on' }).click();
    await page.getByRole('heading', { name: 'Save your recovery codes' }).waitFor();
    expect(await page.getByTestId('recovery-codes').getByRole('listitem').count()).toBe(10);
    await page.getByRole('button', { name: 'I have saved these codes' }).click();
    await page.waitForURL(`${base}/agent/chats`);

    await page.getByRole('button', { name: 'Logout' }).click();
    await page.waitForURL(`${base}/agent/login`);

    await enterPassword();
    await page.getByRole('heading', { name: 'Two-factor sign-in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/agent/login');
    await page.getByLabel('Code').fill('000000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByRole('alert').getByText('That code is not right. Try again.').waitFor();
    await page.getByLabel('Code').fill(await freshCode(secret, enrolledAt));
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.waitForURL(`${base}/agent/chats`);
    const me = await page.evaluate(async () => (await fetch('/api/agent/user')).status);
    expect(me).toBe(200);
  });
});
