import type { FastifyInstance } from 'fastify';
import type { DepositNetwork } from '../../src/shared/deposit-addresses/networks';
import type { RateCurrency } from '../../src/shared/domain';
import { nubanCheckDigit } from '../../src/shared/payout-accounts/nuban';
import type { Db } from '../../src/server/db/client';
import { exchangeRates } from '../../src/server/db/schema';
import { injectJson } from './app';

/**
 * What an API test of orders sets up before its first order: the customer's payout account, the
 * desk's deposit addresses and its sell rates.
 */

/** A customer's GTBank payout account: `serial` (nine digits) and its NUBAN check digit. Its id. */
export async function addPayoutAccount(
  app: FastifyInstance,
  cookie: string,
  serial: string,
  accountName: string,
): Promise<number> {
  const res = await injectJson(app, {
    cookie,
    method: 'POST',
    url: '/api/payout-accounts',
    body: {
      bankCode: '058',
      accountNumber: serial + String(nubanCheckDigit('058', serial)),
      accountName,
    },
  });
  if (res.status !== 201)
    throw new Error(`payout account: ${res.status} ${JSON.stringify(res.body)}`);
  return res.body.id as number;
}

/** An admin adds the desk's deposit address on `network` (labelled with the network). */
export async function addDepositAddress(
  app: FastifyInstance,
  adminCookie: string,
  network: DepositNetwork,
  address: string,
): Promise<void> {
  const res = await injectJson(app, {
    cookie: adminCookie,
    method: 'POST',
    url: '/api/admin/desk-addresses',
    body: { network, address, label: network },
  });
  if (res.status !== 201)
    throw new Error(`deposit address: ${res.status} ${JSON.stringify(res.body)}`);
}

/**
 * The desk's sell rates, naira per coin, written straight to the table. An order is priced by
 * the naira sell rate alone: the buy rate is the same, the USD rates 1, the spread 1 %.
 */
export async function setSellRates(
  db: Db,
  sellNaira: Partial<Record<RateCurrency, string>>,
): Promise<void> {
  await db.insert(exchangeRates).values(
    Object.entries(sellNaira).map(([currency, naira]) => ({
      currency: currency as RateCurrency,
      buyRateUsd: '1',
      sellRateUsd: '1',
      buyRateNaira: naira,
      sellRateNaira: naira,
      spreadPercentage: '1',
    })),
  );
}

/**
 * POST /api/orders as a screen makes it: previewed first (POST /api/orders/preview with the same
 * body), then locked with the preview's rateVersion. A body the preview refuses is sent all the
 * same, with a rateVersion no rate has, so the lock's own answer is what the caller sees.
 */
export async function placeOrder(
  app: FastifyInstance,
  cookie: string | undefined,
  body: Record<string, unknown>,
  headers?: Record<string, string>,
): ReturnType<typeof injectJson> {
  const preview = await injectJson(app, {
    cookie,
    method: 'POST',
    url: '/api/orders/preview',
    body,
  });
  const rateVersion: unknown = preview.status === 200 ? preview.body.rateVersion : 'not-previewed';
  return injectJson(app, {
    cookie,
    method: 'POST',
    url: '/api/orders',
    body: { ...body, rateVersion },
    headers,
  });
}
