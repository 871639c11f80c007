import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { logIn, type AgentAccount } from './agent-accounts';
import { DESKTOP, PHONE, startBrowserApp, type BrowserApp } from './e2e';
import { BTC_RATES, BTC_DEPOSIT_ADDRESS } from './order-fixtures';
import { pageFetch } from './page-fetch';

/**
 * What a browser test of orders starts with: the app, an admin at a desktop who has set the
 * desk's rates (order-fixtures' BTC_RATES) and its BTC deposit address, and a customer's phone,
 * not yet signed in.
 */
export interface OrderApp extends BrowserApp {
  admin: Page;
  customer: Page;
}

export async function startOrderApp(options: {
  /** Names the app's DATA_DIR (see BrowserAppOptions). */
  dataDirName: string;
  admin: AgentAccount;
  /** More environment for the app (a chain stand-in's URL…). */
  env?: Record<string, string>;
}): Promise<OrderApp> {
  const app = await startBrowserApp({
    dataDirName: options.dataDirName,
    accounts: [{ account: options.admin, admin: true }],
    env: options.env,
  });
  try {
    const admin = await app.newPage(DESKTOP);
    const customer = await app.newPage(PHONE);
    await logIn(admin, app.server.url, options.admin);
    const rates = await pageFetch(admin, '/api/exchange-rates', {
      method: 'POST',
      body: BTC_RATES,
    });
    expect(rates.status, JSON.stringify(rates.body)).toBe(200);
    const address = await pageFetch(admin, '/api/admin/desk-addresses', {
      method: 'POST',
      body: { network: 'BTC', address: BTC_DEPOSIT_ADDRESS, label: 'Hot wallet' },
    });
    expect(address.status, JSON.stringify(address.body)).toBe(201);
    return { ...app, admin, customer };
  } catch (error) {
    await app.close();
    throw error;
  }
}

/** A Bitcoin chat opened by the signed-in customer on `page` (through the API): its id. */
export async function openBitcoinChat(page: Page): Promise<number> {
  const chat = await pageFetch<{ id: number }>(page, '/api/chat-sessions', {
    method: 'POST',
    body: { category: 'bitcoin' },
  });
  expect(chat.status, JSON.stringify(chat.body)).toBe(201);
  return chat.body.id;
}
