import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  DESKTOP,
  hasChromium,
  PHONE,
  screenshots,
  signInCustomer,
  startBrowserApp,
  type BrowserApp,
} from '../support/e2e';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

/**
 * Issue 12's "what a new user tripped over", where only a browser shows it: the day chip on a
 * phone, and the screens changed for it, photographed at a phone's size and a desktop's.
 */

const ADMIN = {
  email: 'ifeoma.admin@example.com',
  password: 'a long admin password',
  firstName: 'Ifeoma',
  lastName: 'Obi',
};
const AGENT = {
  email: 'sola.agent@example.com',
  password: 'a long agent password',
  firstName: 'Sola',
  lastName: 'Bello',
};
const CUSTOMER = { name: 'Emeka Nnadi', email: 'emeka.newuser@example.com' };

describe.skipIf(!hasChromium)('what a new user tripped over (issue 12)', () => {
  let app: BrowserApp;
  let server: InProcessServer;

  beforeAll(async () => {
    app = await startBrowserApp({
      dataDirName: 'new-user',
      accounts: [
        { account: ADMIN, admin: true },
        { account: AGENT, admin: false },
      ],
    });
    server = app.server;
  });

  afterAll(() => app?.close());

  it(
    'a customer picks a desk, chats on a phone with the day chip off the messages, and finds their history',
    { timeout: 180_000 },
    async () => {
      const page = await app.newPage(PHONE);
      await signInCustomer(page, server.url, CUSTOMER);

      const bitcoin = page.getByTestId('choice-bitcoin');
      expect(await bitcoin.textContent()).toContain('Chat with our Bitcoin desk');
      expect(await page.getByTestId('choice-usdt').textContent()).toContain(
        'Chat with our USDT desk',
      );
      await screenshots(page, 'choice', { folder: 'new-user' });
      await page.setViewportSize(PHONE);
      // The header's history link fits beside the name and Sign out: nothing scrolls sideways.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(PHONE.width);

      await bitcoin.click();
      await page.waitForURL(/\/chat\/\d+$/);
      const input = page.getByPlaceholder('Type your message...');
      // More than a phone's screen of messages, one with a link.
      for (let i = 1; i <= 14; i++) {
        const text =
          i === 7
            ? 'My receipt: https://bank.example.ng/r/7781 (screenshot too)'
            : `Message ${i}: I want to sell 0.01 BTC, what is the rate today?`;
        await input.fill(text);
        await input.press('Enter');
        await page
          .locator('[data-testid="message"][data-state="sent"]', { hasText: text })
          .waitFor();
      }
      const link = page.getByRole('link', { name: 'https://bank.example.ng/r/7781' });
      expect(await link.getAttribute('rel')).toBe('noopener noreferrer');
      expect(await link.getAttribute('target')).toBe('_blank');

      // At the end of the conversation the top of the list shows a message, not the day chip,
      // on a phone and on a desktop.
      const messages = page.getByRole('list', { name: 'Messages' });
      for (const size of [PHONE, DESKTOP]) {
        await page.setViewportSize(size);
        const covering = await messages.evaluate((list) => {
          const scroller = list.closest('.overflow-y-auto')!;
          scroller.scrollTop = scroller.scrollHeight;
          const box = scroller.getBoundingClientRect();
          const hit = document.elementFromPoint(box.left + box.width / 2, box.top + 16);
          return hit?.closest('[data-testid="day-separator"]') ? 'the day chip' : 'no chip';
        });
        expect(covering, `${size.width}x${size.height}`).toBe('no chip');
      }
      await page.setViewportSize(PHONE);

      // The counter near the limit, and the refusal past it.
      await input.fill('x'.repeat(3612));
      expect(await page.getByTestId('length-counter').textContent()).toBe('3,612 / 4,000');
      await input.fill('y'.repeat(4005));
      expect(await page.getByTestId('length-counter').textContent()).toContain('Too long to send');
      expect(await page.getByRole('button', { name: 'Send message' }).isDisabled()).toBe(true);
      await screenshots(page, 'chat-too-long', { folder: 'new-user' });
      await input.fill('');
      await screenshots(page, 'chat', { folder: 'new-user' });
      await page.setViewportSize(PHONE);

      await page.getByRole('link', { name: 'Trading History' }).click();
      await page.waitForURL(`${server.url}/trading-history`);
      await page.getByText('No Trading History').waitFor();
      await screenshots(page, 'trading-history', { folder: 'new-user' });
    },
  );

  it('an admin sees the admin links, the desks and a search that says it found nothing', async () => {
    const page = await app.newPage(DESKTOP);
    await logIn(page, server.url, ADMIN);
    const nav = page.getByRole('navigation', { name: 'Agent' });
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).getAttribute('href')).toBe(
      '/agent/admin',
    );
    await page.getByTestId('desk').first().waitFor();
    expect(await page.getByTestId('desk').first().textContent()).toBe('Desk: BTC');
    await screenshots(page, 'agent-chats-admin', { folder: 'new-user' });

    await page.getByPlaceholder('Search or start a new chat').fill('nobody-by-this-name');
    await page.getByRole('heading', { name: 'No chats match “nobody-by-this-name”' }).waitFor();
    await screenshots(page, 'agent-chats-no-match', { folder: 'new-user' });

    // The setup ran long ago (the admin exists): the page says so before any form.
    await page.goto(`${server.url}/admin/setup`);
    await page.getByRole('heading', { name: 'Admin Setup Closed' }).waitFor();
    expect(await page.getByLabel('Setup Secret').count()).toBe(0);
    await screenshots(page, 'admin-setup-closed', { folder: 'new-user' });

    // A bad email: one line, in words.
    await page.goto(`${server.url}/agent/management`);
    await page.getByRole('button', { name: 'Create New Agent' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('First Name').fill('Tobi');
    await dialog.getByLabel('Last Name').fill('Ade');
    await dialog.getByLabel('Email Address').fill('tobi@');
    await dialog.getByLabel('Password', { exact: true }).fill('a long password');
    await dialog.getByRole('button', { name: 'Create Agent' }).click();
    await page.getByText('Email Address: Enter a valid email address').waitFor();
    expect(await page.getByText('email:').count()).toBe(0);
    await screenshots(page, 'create-agent-error', { folder: 'new-user' });
  });

  it('a plain agent is not offered the admin screens', async () => {
    const page = await app.newPage(PHONE);
    await logIn(page, server.url, AGENT);
    const nav = page.getByRole('navigation', { name: 'Agent' });
    await nav.getByRole('link', { name: 'Dashboard' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Manage Agents' }).count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Admin Dashboard' }).count()).toBe(0);
    await screenshots(page, 'agent-chats-agent', { folder: 'new-user' });
    await page.goto(`${server.url}/agent/dashboard`);
    await page.getByTestId('active-conversation').first().waitFor();
    expect(
      await page.getByTestId('active-conversation').first().getByTestId('desk').textContent(),
    ).toBe('Desk: BTC');
    await screenshots(page, 'agent-dashboard', { folder: 'new-user' });
  });
});
