import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { RECEIPT_A, bankReceiptScreenshot, reusedCopies } from '../support/screenshots';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const AGENT = {
  email: 'tobi.agent@example.com',
  password: 'a long agent password',
  firstName: 'Tobi',
  lastName: 'Ade',
};

describe.skipIf(!hasChromium)('a reused proof image, in real browsers', () => {
  let app: BrowserApp;

  beforeAll(async () => {
    app = await startBrowserApp({
      dataDirName: 'seen',
      accounts: [{ account: AGENT, admin: false }],
    });
  });

  afterAll(() => app?.close());

  /** Signs a customer in (development sign-in) and opens a Bitcoin chat: its id. */
  async function customerChat(customer: Page, name: string, email: string): Promise<number> {
    await signInCustomer(customer, app.server.url, { name, email });
    await customer.getByTestId('choice-bitcoin').click();
    await customer.waitForURL(/\/chat\/\d+$/);
    return Number(new URL(customer.url()).pathname.split('/').pop());
  }

  async function sendImage(
    customer: Page,
    file: { name: string; mimeType: string; buffer: Buffer },
  ) {
    const before = await customer
      .locator('[data-state="sent"] [data-testid="message-image"]')
      .count();
    await customer.getByTestId('attach-input').setInputFiles(file);
    const picker = customer.getByRole('dialog', { name: 'Send image' });
    await picker.getByRole('button', { name: 'Send image' }).click();
    await picker.waitFor({ state: 'hidden' });
    await customer
      .locator('[data-state="sent"] [data-testid="message-image"]')
      .nth(before)
      .waitFor();
  }

  it(
    "the agent sees another customer's receipt flagged live, a look-alike beside its original; the customer sees no flag",
    { timeout: 180_000 },
    async () => {
      const first = await app.newPage(PHONE);
      const second = await app.newPage(PHONE);
      const agent = await app.newPage(DESKTOP);
      const original = await bankReceiptScreenshot(RECEIPT_A);
      const firstChat = await customerChat(first, 'Ada Obi', 'ada@example.com');
      await sendImage(first, { name: 'receipt.png', mimeType: 'image/png', buffer: original });
      const secondChat = await customerChat(second, 'Bola Ige', 'bola@example.com');

      // The agent has the second chat open before the copy arrives.
      await agent.goto(`${app.server.url}/`);
      const login = await agent.evaluate(
        async ({ email, password }) =>
          (
            await fetch('/api/agent/login', {
              method: 'POST',
              headers: { 'content-type': 'application/json' },
              body: JSON.stringify({ username: email, password }),
            })
          ).status,
        { email: AGENT.email, password: AGENT.password },
      );
      expect(login).toBe(200);
      await agent.goto(`${app.server.url}/chat/${secondChat}`);
      await agent.getByTestId('chat-title').getByText('Bola Ige').waitFor();

      const copy = (await reusedCopies(original))['cropped 3 %, halved and re-encoded as JPEG']!;
      await sendImage(second, { name: 'my-receipt.jpg', mimeType: 'image/jpeg', buffer: copy });

      const note = agent.getByTestId('image-seen-before');
      await note.waitFor();
      // Read with OCR after the upload answered: the same reference as the first receipt.
      expect(await note.textContent()).toMatch(
        new RegExp(
          `^Same receipt as an earlier image \\(reference ${RECEIPT_A.reference}\\), sent \\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} in chat #${firstChat}$`,
        ),
      );
      expect(await note.getByRole('link').getAttribute('href')).toBe(`/chat/${firstChat}`);
      await screenshots(agent, 'chat-agent-image-seen-before', { noSidewaysScroll: true });

      // The customer's own chat, reloaded from the server, has the image and no flag.
      await second.reload();
      await second.locator('[data-testid="message-image"]').waitFor();
      expect(await second.getByTestId('image-seen-before').count()).toBe(0);
      expect(await second.content()).not.toContain('seen before');
      expect(await second.content()).not.toContain('Same receipt');
      await screenshots(second, 'chat-customer-image-unflagged');

      // A picture with nothing to read (a wallet screen): only its likeness can be compared,
      // and the agent sees both images side by side to judge.
      const wallet = await sharp(
        Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" width="600" height="900">
          <rect width="600" height="900" fill="#222"/><rect width="200" height="900" fill="#f7931a"/>
          <circle cx="420" cy="300" r="140" fill="#4caf50"/></svg>`),
      )
        .png()
        .toBuffer();
      await sendImage(first, { name: 'wallet.png', mimeType: 'image/png', buffer: wallet });
      const walletCopy = await sharp(wallet).jpeg({ quality: 70 }).toBuffer();
      await sendImage(second, { name: 'wallet.jpg', mimeType: 'image/jpeg', buffer: walletCopy });
      const alike = agent.getByTestId('image-seen-before').nth(1);
      await alike.waitFor();
      expect(await alike.getByTestId('image-seen-before-text').textContent()).toBe(
        'Looks like an earlier image',
      );
      const sides = alike.getByTestId('image-seen-before-sides');
      await sides.getByRole('img', { name: 'Earlier' }).waitFor();
      await sides.getByRole('img', { name: 'This one' }).waitFor();
      // Both pictures have loaded (a broken one would be 0 wide).
      await agent.waitForFunction(() =>
        [...document.querySelectorAll('[data-testid="image-seen-before-sides"] img')].every(
          (img) => (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
        ),
      );
      await screenshots(agent, 'chat-agent-image-looks-alike', { noSidewaysScroll: true });
    },
  );
});
