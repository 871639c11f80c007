import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GENERATED_PASSWORD_ALPHABET } from '../../src/shared/api/agents';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshots,
  screenshot,
  startServer,
} from '../support/e2e';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADMIN_SETUP_SECRET = 'e2e-admin-setup-secret';

const ADMIN = { name: 'Ada Obi Lovelace', email: 'ada@example.com' };
const CUSTOMER = { name: 'Chidi Okafor', email: 'chidi@example.com' };
const AGENT = { firstName: 'Bola', lastName: 'Adeyemi', email: 'bola.agent@example.com' };

/** Each person gets their own browser context: their own cookies, like their own device. */
function openContext(browser: Browser, viewport = DESKTOP): Promise<BrowserContext> {
  return browser.newContext({ viewport });
}

/** The development provider's sign-in page, as a person would fill it in. */
async function signInAtProvider(page: Page, person: { name: string; email: string }) {
  await page.waitForURL(/\/oidc\/interaction\//);
  await page.getByLabel('Full name').fill(person.name);
  await page.getByLabel('Email').fill(person.email);
  await page.getByRole('button', { name: 'Continue' }).click();
}

/** The toasts. By CSS, not role: an open dialog hides the rest of the page from the a11y tree. */
function toast(page: Page) {
  return page.locator('section[aria-label="Notifications"]');
}

async function expectToast(page: Page, title: string, description?: string) {
  const region = toast(page);
  await region.getByText(title, { exact: true }).waitFor();
  if (description !== undefined) {
    expect(await region.textContent()).toContain(description);
  }
}

function agentRow(page: Page, email: string) {
  return page.getByTestId('agent-row').filter({ hasText: email });
}

describe.skipIf(!hasChromium)('identity in a real browser against the real server', () => {
  let priceServer: PriceServer;
  let server: InProcessServer;
  let browser: Browser;
  let adminContext: BrowserContext;
  let adminPage: Page;
  let agentContext: BrowserContext;
  let agentPage: Page;
  let agentPassword = '';

  beforeAll(async () => {
    priceServer = await new PriceServer().start();
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { ADMIN_SETUP_SECRET },
    });
    browser = await connectChromium();
    adminContext = await openContext(browser);
    adminPage = await adminContext.newPage();
    agentContext = await openContext(browser);
    agentPage = await agentContext.newPage();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await priceServer?.stop();
  });

  it('sends a signed-out visitor of /admin/setup to sign in, and back, showing their name', async () => {
    await adminPage.goto(`${server.url}/admin/setup`);
    await signInAtProvider(adminPage, ADMIN);

    await adminPage.waitForURL(`${server.url}/admin/setup`);
    await adminPage.getByRole('heading', { level: 1, name: 'Admin Setup' }).waitFor();
    expect(await adminPage.getByText('Signed in as').textContent()).toBe(
      `Signed in as ${ADMIN.name}`,
    );
    // The email field starts with the account's email: the one the setup must match.
    expect(await adminPage.getByLabel('Google Email').inputValue()).toBe(ADMIN.email);
    await screenshots(adminPage, 'admin-setup', { noSidewaysScroll: true });
    await expectNoAxeViolations(adminPage);
  });

  it('checks the admin setup form, refuses a wrong secret, then promotes the user', async () => {
    await adminPage.getByLabel('Google Email').fill('');
    await adminPage.getByRole('button', { name: 'Initialize Admin' }).click();
    await adminPage.getByRole('alert').getByText('Please enter both email and secret').waitFor();

    await adminPage.getByLabel('Google Email').fill(ADMIN.email);
    await adminPage.getByLabel('Setup Secret').fill('not-the-secret-at-all');
    await adminPage.getByRole('button', { name: 'Initialize Admin' }).click();
    await expectToast(adminPage, 'Initialization Failed', 'Invalid setup secret');

    await adminPage.getByLabel('Setup Secret').fill(ADMIN_SETUP_SECRET);
    await adminPage.getByRole('button', { name: 'Initialize Admin' }).click();
    await expectToast(adminPage, 'Admin Initialized');
    await adminPage.getByRole('heading', { level: 1, name: 'Admin Setup Complete' }).waitFor();
    expect(
      await adminPage.getByRole('link', { name: 'Go to Agent Dashboard' }).getAttribute('href'),
    ).toBe('/agent');
    expect(await adminPage.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe(
      '/',
    );
    await screenshots(adminPage, 'admin-setup-done', { noSidewaysScroll: true });

    const me = await adminPage.evaluate(async () => (await fetch('/api/auth/user')).json());
    expect(me).toMatchObject({ email: ADMIN.email, isAdmin: true, isAgent: true });
  });

  it('lets the admin create an agent with a generated password', async () => {
    await adminPage.goto(`${server.url}/agent/management`);
    await adminPage.getByRole('heading', { level: 1, name: 'Agent Management' }).waitFor();
    await adminPage.getByRole('heading', { name: 'Active Agents (1)' }).waitFor();
    expect(await agentRow(adminPage, ADMIN.email).textContent()).toContain('You');
    await screenshots(adminPage, 'agent-management', { noSidewaysScroll: true });
    await expectNoAxeViolations(adminPage);

    await adminPage.getByRole('button', { name: 'Create New Agent' }).click();
    const dialog = adminPage.getByRole('dialog', { name: 'Create New Agent' });
    await dialog.waitFor();
    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    await expectToast(adminPage, 'Missing Information', 'Please fill in all required fields.');

    await dialog.getByLabel('First Name').fill(AGENT.firstName);
    await dialog.getByLabel('Last Name').fill(AGENT.lastName);
    await dialog.getByLabel('Email Address').fill(AGENT.email);
    await dialog.getByLabel('Agent Specialization').selectOption({ label: 'USDT Specialist' });
    const password = dialog.getByLabel('Password', { exact: true });
    expect(await password.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Generate' }).click();
    agentPassword = await password.inputValue();
    expect(agentPassword).toHaveLength(12);
    expect([...agentPassword].every((c) => GENERATED_PASSWORD_ALPHABET.includes(c))).toBe(true);
    // Generated passwords are shown so the admin can pass them on; the toggle hides them.
    expect(await password.getAttribute('type')).toBe('text');
    await dialog.getByRole('button', { name: 'Hide password' }).click();
    expect(await password.getAttribute('type')).toBe('password');
    await dialog.getByRole('button', { name: 'Show password' }).click();
    await screenshots(adminPage, 'agent-management-create', { noSidewaysScroll: true });
    await expectNoAxeViolations(adminPage);

    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    await expectToast(adminPage, 'Agent Created');
    await dialog.waitFor({ state: 'detached' });
    await adminPage.getByRole('heading', { name: 'Active Agents (2)' }).waitFor();
    const row = agentRow(adminPage, AGENT.email);
    expect(await row.textContent()).toContain(`${AGENT.firstName} ${AGENT.lastName}`);
    expect(await row.textContent()).toContain('USDT Specialist');
    expect(await row.textContent()).toContain('Active');

    // The same email again: the server's message in "Creation Failed".
    await adminPage.getByRole('button', { name: 'Create New Agent' }).click();
    await dialog.getByLabel('First Name').fill('Other');
    await dialog.getByLabel('Last Name').fill('Person');
    await dialog.getByLabel('Email Address').fill(AGENT.email.toUpperCase());
    await dialog.getByLabel('Password', { exact: true }).fill('another long password');
    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    await expectToast(adminPage, 'Creation Failed', 'An agent with this email already exists.');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await dialog.waitFor({ state: 'detached' });
  });

  it('lets the agent log in with that password and reach /agent/chats', async () => {
    await agentPage.bringToFront();
    await agentPage.goto(`${server.url}/agent/login`);
    await agentPage.getByRole('heading', { level: 1, name: 'Agent Login' }).waitFor();
    expect(
      await agentPage.getByRole('link', { name: 'Back to Customer Portal' }).getAttribute('href'),
    ).toBe('/');
    await screenshots(agentPage, 'agent-login', { noSidewaysScroll: true });
    await expectNoAxeViolations(agentPage);

    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await agentPage.getByRole('alert').getByText('Please fill in all fields').waitFor();

    await agentPage.getByLabel('Username').fill(AGENT.email);
    await agentPage.getByLabel('Password').fill(`${agentPassword}x`);
    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await agentPage.getByRole('alert').getByText('Invalid username or password').waitFor();
    await screenshots(agentPage, 'agent-login-error', { noSidewaysScroll: true });

    await agentPage.getByLabel('Password').fill(agentPassword);
    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await agentPage.waitForURL(`${server.url}/agent/chats`);
    expect(await agentPage.getByText('Invalid username or password').count()).toBe(0);
    const me = await agentPage.evaluate(async () => {
      const response = await fetch('/api/agent/user');
      return { status: response.status, body: (await response.json()) as unknown };
    });
    expect(me).toMatchObject({ status: 200, body: { email: AGENT.email, isAgent: true } });
  });

  it('deactivating the agent ends their open session and refuses a new login', async () => {
    // The agent's screen has loaded and is live: only the closed socket can tell it.
    await agentPage.getByTestId('connection-state').getByText('Online').waitFor();
    await adminPage.bringToFront();
    const row = agentRow(adminPage, AGENT.email);
    await row.getByRole('button', { name: /^Deactivate/ }).click();
    await expectToast(adminPage, 'Agent Deactivated');
    await row.getByText('Inactive', { exact: true }).waitFor();
    await row.getByRole('button', { name: /^Activate/ }).waitFor();
    await screenshots(adminPage, 'agent-management-deactivated', { noSidewaysScroll: true });

    // The agent's browser still has its cookie, but the session is gone: the server closes
    // the agent's live socket, and the open screen finds out and sends the agent to sign in.
    const status = (await agentPage.context().request.get(`${server.url}/api/agent/user`)).status();
    expect(status).toBe(401);
    await agentPage.waitForURL(`${server.url}/agent/login`);

    await agentPage.bringToFront();
    await agentPage.goto(`${server.url}/agent/login`);
    await agentPage.getByLabel('Username').fill(AGENT.email);
    await agentPage.getByLabel('Password').fill(agentPassword);
    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await agentPage
      .getByRole('alert')
      .getByText('This agent account has been deactivated. Contact an admin.')
      .waitFor();
    expect(agentPage.url()).toBe(`${server.url}/agent/login`);

    // Activated again, the same password works.
    await adminPage.bringToFront();
    await row.getByRole('button', { name: /^Activate/ }).click();
    await expectToast(adminPage, 'Agent Activated');
    await row.getByText('Active', { exact: true }).waitFor();
    await agentPage.bringToFront();
    await agentPage.getByRole('button', { name: 'Sign In' }).click();
    await agentPage.waitForURL(`${server.url}/agent/chats`);
  });

  it('turns a customer away from the admin screens with the spec’s toast, and sends them home', async () => {
    const context = await openContext(browser, PHONE);
    const page = await context.newPage();
    await page.goto(`${server.url}/api/login?returnTo=/agent/management`);
    await signInAtProvider(page, CUSTOMER);
    await page.waitForURL(`${server.url}/agent/management`);
    await expectToast(page, 'Access Denied', "You don't have admin privileges.");
    // The toast first, on the screen itself; home a second later (timed in the unit tests).
    expect(page.url()).toBe(`${server.url}/agent/management`);
    await screenshot(page, 'admin-only-denied-360x740');
    await page.waitForURL(`${server.url}/`);
    await page.getByRole('heading', { level: 1, name: /^Sell crypto, we go/ }).waitFor();
    expect(await page.getByText('Active Agents').count()).toBe(0);
    await context.close();
  });

  it('on a 401 in a signed-in screen: "Unauthorized", then sign-in again', async () => {
    await adminPage.bringToFront();
    // The admin's session ends elsewhere (signed out in another tab).
    await adminPage.evaluate(() => fetch('/api/logout', { redirect: 'manual' }));
    const row = agentRow(adminPage, AGENT.email);
    await row.getByRole('button', { name: /^Deactivate/ }).click();
    await expectToast(adminPage, 'Unauthorized', 'You are logged out. Logging in again...');
    await adminPage.waitForURL(/\/oidc\/interaction\//);

    // Signing in again lands back on the screen, still an admin.
    await signInAtProvider(adminPage, ADMIN);
    await adminPage.waitForURL(`${server.url}/agent/management`);
    await adminPage.getByRole('heading', { name: 'Active Agents (2)' }).waitFor();
  });
});
