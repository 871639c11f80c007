import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, logIn } from '../support/agent-accounts';
import {
  CHROMIUM_MISSING,
  connectChromium,
  DESKTOP,
  expectNoAxeViolations,
  hasChromium,
  PHONE,
  screenshots,
  signInCustomer,
  startServer,
  TOASTER,
} from '../support/e2e';
import { NameEnquiryServer } from '../support/name-enquiry-server';
import { PriceServer } from '../support/price-server';
import type { InProcessServer } from '../support/in-process-server';

if (!hasChromium) console.warn(CHROMIUM_MISSING);

const ADMIN = {
  email: 'ngozi.admin@example.com',
  password: 'a long admin password',
  firstName: 'Ngozi',
  lastName: 'Admin',
};
const CUSTOMER = { name: 'Adaeze Nwosu', email: 'adaeze.payouts@example.com' };
/** A GTBank NUBAN: serial 012345678, check digit 5 (worked in src/shared/payout-accounts). */
const GTBANK_NUMBER = '0123456785';

describe.skipIf(!hasChromium)('payout accounts and deposit addresses, live', () => {
  let priceServer: PriceServer;
  let enquiry: NameEnquiryServer;
  let server: InProcessServer;
  let browser: Browser;
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agentchat-e2e-payouts-'));
    await createAccount(dataDir, ADMIN, true);
    priceServer = await new PriceServer().start();
    enquiry = await new NameEnquiryServer().start();
    enquiry.names.set(`058:${GTBANK_NUMBER}`, 'ADAEZE CHIOMA NWOSU');
    server = await startServer({
      priceApiUrl: priceServer.url,
      env: { DATA_DIR: dataDir, NAME_ENQUIRY_URL: enquiry.url, NAME_ENQUIRY_KEY: enquiry.key },
    });
    browser = await connectChromium();
  });

  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    await enquiry?.stop();
    await priceServer?.stop();
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('lets a customer save payout accounts from /trade, verified by the bank when it answers', async () => {
    const context = await browser.newContext({ viewport: PHONE });
    const page = await context.newPage();
    await signInCustomer(page, server.url, CUSTOMER);
    await page.getByRole('link', { name: 'Payout accounts' }).click();
    await page.waitForURL(`${server.url}/payout-accounts`);
    await page.getByText('No accounts yet', { exact: false }).waitFor();

    const bank = page.getByLabel('Bank', { exact: true });
    const saved = page.getByRole('region', { name: 'Saved accounts' });
    // A wrong check digit: refused before the bank is asked.
    await bank.selectOption('058');
    await page.getByLabel('Account number').fill('0123456780');
    await page.getByRole('button', { name: 'Save account' }).click();
    await page.getByText('This account number is not valid for Guaranty Trust Bank').waitFor();
    expect(enquiry.requests).toHaveLength(0);

    // The bank's name replaces none typed, and the account shows masked and verified.
    await page.getByLabel('Account number').fill(GTBANK_NUMBER);
    await page.getByRole('button', { name: 'Save account' }).click();
    await saved.getByText('GTBank 0123456785', { exact: true }).waitFor();
    await saved.getByText('ADAEZE CHIOMA NWOSU').waitFor();
    await saved.getByText('Verified', { exact: true }).waitFor();

    // The bank does not know this one: the typed name, unverified.
    enquiry.mode = 'not-found';
    await bank.selectOption('100004');
    await page.getByLabel('Account number').fill('8031234567');
    await page.getByLabel('Account name').fill('Adaeze Nwosu');
    await page.getByRole('button', { name: 'Save account' }).click();
    await saved.getByText('OPay 8031234567', { exact: true }).waitFor();
    await saved.getByText('· not verified').waitFor();
    await saved.getByText('2 of 5').waitFor();
    await screenshots(page, 'payout-accounts', { noSidewaysScroll: true, shots: 'page' });
    await expectNoAxeViolations(page, { exclude: TOASTER });

    await page.getByRole('button', { name: 'Delete OPay 8031234567' }).click();
    await saved.getByText('1 of 5').waitFor();
    // What the server kept survives a reload.
    await page.reload();
    await saved.getByText('GTBank 0123456785', { exact: true }).waitFor();
    expect(await saved.getByText('OPay 8031234567', { exact: true }).count()).toBe(0);
    await context.close();
  });

  it('lets an admin keep the desk’s deposit addresses from the dashboard', async () => {
    const context = await browser.newContext({ viewport: DESKTOP });
    const page = await context.newPage();
    await logIn(page, server.url, ADMIN);
    await page.goto(`${server.url}/admin-dashboard`);
    await page.getByRole('link', { name: 'Addresses' }).click();
    await page.waitForURL(`${server.url}/admin/desk-addresses`);
    await page.getByRole('heading', { level: 1, name: 'Deposit addresses' }).waitFor();

    const add = async (network: string, address: string, label: string) => {
      await page.getByLabel('Network', { exact: true }).selectOption(network);
      await page.getByLabel('Address', { exact: true }).fill(address);
      await page.getByLabel('Label', { exact: true }).fill(label);
      await page.getByRole('button', { name: 'Add address' }).click();
    };
    const btc = page.getByRole('region', { name: 'BTC addresses' });
    const tron = page.getByRole('region', { name: 'USDT-TRC20 addresses' });
    await add('BTC', 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t4', 'Hot wallet');
    await btc.getByText('Hot wallet').waitFor();
    await add('BTC', '1A1zP1eP5QGefi2DMPTfTL5SLmv7DivfNa', 'Genesis');
    await btc.getByText('Genesis').waitFor();
    await add('USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSWgjLj6t', 'Typo');
    await page.getByText('This is not a valid USDT-TRC20 address').waitFor();
    await add('USDT-TRC20', 'TR7NHqjeKQxGTCi8q8ZY4pL8otSzgjLj6t', 'Tron main');
    await tron.getByText('Tron main').waitFor();

    await page.getByRole('button', { name: 'Deactivate Genesis' }).click();
    await page.getByRole('button', { name: 'Activate Genesis' }).waitFor();
    await btc.getByText('1 active').waitFor();
    await screenshots(page, 'deposit-addresses', { noSidewaysScroll: true, shots: 'page' });
    await expectNoAxeViolations(page, { exclude: TOASTER });
    await page.reload();
    await page.getByRole('button', { name: 'Activate Genesis' }).waitFor();
    await context.close();
  });
});
