import type { FastifyInstance } from 'fastify';
import type { RatesResponse } from '../../../shared/api/rates';
import { listRates } from './list-rates';
import type { MarketUsd } from './market-guard';

/** A coin's market price in USD from the app's price feed: what rates are guarded against. */
export function marketUsdOf(app: FastifyInstance): MarketUsd {
  return (currency) => app.priceFeed.market(currency)?.usd ?? null;
}

/**
 * The published rates, as GET /api/exchange-rates answers a visitor: for the landing page the
 * server renders with them (decision 005's addendum of 2026-11-29).
 */
export function publishedRates(app: FastifyInstance): Promise<RatesResponse> {
  return listRates({
    db: app.db,
    marketUsd: marketUsdOf(app),
    guardPercent: app.config.rateGuardPercent,
    audience: 'public',
  });
}
